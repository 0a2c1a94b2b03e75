/**
 * @module The path traversal corpus: request paths (as sent on the wire, still percent-encoded, starting with "/")
 * that try to leave a user's scope, each with a short label. The world they aim at (traversal-corpus.test.ts):
 * the scope is `<root>/scope`, a secret file and folder sit beside it in `<root>/sibling`, another secret sits
 * outside the files root in `<home>/outside-root`, and the scope holds symlinks and a hardlink leading out.
 */

/** One payload: `path` goes into URL paths as it is; query values and task fields get its decoded form. */
export interface TraversalPayload {
  label: string;
  path: string;
}

/** Names the world must use so the payloads aim at it. */
export const WORLD = {
  scope: "scope",
  /** A folder beside the scope whose name starts with the scope's: a prefix check without a separator lets it in. */
  prefixSibling: "scope2",
  sibling: "sibling",
  siblingSecret: "sibling-secret-name.txt",
  outsideRoot: "outside-root",
  rootSecret: "root-secret-name.txt",
  /** Symlinks (and a hardlink) inside the scope; see the test for where each points. */
  links: {
    file: "link-file.txt",
    dir: "link-dir",
    relative: "link-rel.txt",
    outsideRoot: "link-root",
    chain: "link-chain.txt",
    loop: "link-loop",
    danglingFile: "link-dangling.txt",
    danglingDir: "link-dangling-dir",
    nested: "dir/deep-link",
    hard: "hard.txt",
  },
} as const;

/** `..` written every way a decoder, a normaliser or a file system might read as a parent step. */
const DOTS: [string, string][] = [
  ["plain", ".."],
  ["percent lower", "%2e%2e"],
  ["percent upper", "%2E%2E"],
  ["half percent left", ".%2e"],
  ["half percent right", "%2e."],
  ["double percent", "%252e%252e"],
  ["triple percent", "%25252e%25252e"],
  ["overlong 2-byte", "%c0%ae%c0%ae"],
  ["overlong 3-byte", "%e0%80%ae%e0%80%ae"],
  ["IIS %u", "%u002e%u002e"],
  ["full-width dots raw", "\uff0e\uff0e"],
  ["full-width dots encoded", "%ef%bc%8e%ef%bc%8e"],
  ["one-dot leaders", "%e2%80%a4%e2%80%a4"],
  ["two-dot leader", "%e2%80%a5"],
  ["combining grave between dots", ".%cc%80."],
  ["combining dot above", "%2e%cc%87%2e"],
  ["zero-width space after", "..%e2%80%8b"],
  ["trailing space", "..%20"],
  ["trailing NUL", "..%00"],
  ["semicolon", "..;"],
  ["three dots", "..."],
  ["four dots", "...."],
];

/** `/` written every way that might become a separator after decoding or normalising. */
const SLASHES: [string, string][] = [
  ["percent 2f", "%2f"],
  ["percent 2F", "%2F"],
  ["double percent 2f", "%252f"],
  ["backslash raw", "\\"],
  ["backslash percent", "%5c"],
  ["backslash double percent", "%255c"],
  ["overlong 2-byte slash", "%c0%af"],
  ["overlong 3-byte slash", "%e0%80%af"],
  ["overlong backslash", "%c1%9c"],
  ["full-width solidus", "%ef%bc%8f"],
  ["full-width reverse solidus", "%ef%bc%bc"],
  ["division slash", "%e2%88%95"],
  ["fraction slash", "%e2%81%84"],
  ["double slash", "//"],
];

const S = WORLD;

/** Where the payloads aim, written with `D` for the parent step and `/` for the separator. */
const TARGETS: [string, string][] = [
  ["sibling secret", `D/${S.sibling}/${S.siblingSecret}`],
  ["sibling folder", `D/${S.sibling}/`],
  ["outside-root secret", `D/D/${S.outsideRoot}/${S.rootSecret}`],
  ["/etc/passwd", "D/D/D/D/D/D/D/D/etc/passwd"],
];

function build(): TraversalPayload[] {
  const out: TraversalPayload[] = [];
  const add = (label: string, path: string) => out.push({ label, path: path.startsWith("/") ? path : `/${path}` });

  // Every `..` form toward every target, with a plain separator.
  for (const [dl, d] of DOTS) for (const [tl, t] of TARGETS) add(`dots ${dl} -> ${tl}`, t.replaceAll("D", d));
  // Every separator form with plain `..`, toward the files and the system.
  for (const [sl, s] of SLASHES) {
    add(`slash ${sl} -> sibling secret`, `..${s}${S.sibling}${s}${S.siblingSecret}`);
    add(`slash ${sl} -> /etc/passwd`, `dir${s}..${s}..${s}..${s}..${s}..${s}..${s}..${s}etc${s}passwd`);
    add(`slash ${sl} encoded dots -> sibling`, `%2e%2e${s}${S.sibling}${s}`);
  }
  // Climbing out of a real folder first.
  for (const [dl, d] of DOTS.slice(0, 10)) add(`from dir/ with ${dl}`, `dir/${d}/${d}/${S.sibling}/${S.siblingSecret}`);

  // Absolute paths and URL-ish forms.
  for (const [l, p] of [
    ["double leading slash", "//etc/passwd"],
    ["triple leading slash", "///etc/passwd"],
    ["encoded absolute", "%2fetc%2fpasswd"],
    ["double encoded absolute", "%252fetc%252fpasswd"],
    ["backslash absolute", "\\etc\\passwd"],
    ["drive letter", "C:/Windows/win.ini"],
    ["drive letter encoded", "C%3a%5cWindows%5cwin.ini"],
    ["UNC", "%5c%5clocalhost%5cc$%5cwindows"],
    ["win32 device namespace", "%5c%5c%3f%5cC:%5c"],
    ["file URL", "file:%2f%2f%2fetc%2fpasswd"],
    ["home tilde", "~/.ssh/id_rsa"],
    ["tilde root", "~root/.bashrc"],
    ["proc self root", "proc/self/root/etc/passwd"],
    ["proc self cwd", "..%2f..%2fproc%2fself%2fcwd%2ffbe.db"],
    ["dev fd", "dev/fd/0"],
  ] as const)
    add(`absolute ${l}`, p);

  // `//`, `/.`, trailing forms.
  for (const [l, p] of [
    ["double slash before ..", `//..//${S.sibling}//${S.siblingSecret}`],
    ["slash dot slash ..", `/./../${S.sibling}/`],
    ["trailing /.", `../${S.sibling}/.`],
    ["trailing /..", "dir/.."],
    ["only ..", ".."],
    ["only ../", "../"],
    ["dot only", "."],
    ["dir dot dot", "dir/./../../"],
    ["many slashes", "////../////../////etc/passwd"],
    ["dot slash repeated", "./././../././etc/passwd"],
    ["nested escape and back", `dir/../../${S.scope}/inside.txt`],
    ["escape and back into scope by name", `../${S.scope}/inside.txt`],
    ["prefix-named sibling folder", `../${S.prefixSibling}/`],
    ["prefix-named sibling, encoded", `%2e%2e%2f${S.prefixSibling}%2f`],
    ["encoded dot segments only", "%2e/%2e%2e/%2e"],
    ["trailing encoded slash", `..%2f`],
    ["question mark in name", "..%3f/etc/passwd"],
    ["hash in name", "..%23/etc/passwd"],
  ] as const)
    add(`form ${l}`, p);

  // NUL and control bytes.
  for (const [l, p] of [
    ["NUL extension cut", "inside.txt%00.png"],
    ["NUL before ..", `%00/../${S.sibling}/`],
    ["NUL alone", "%00"],
    ["double-encoded NUL", "inside.txt%2500"],
    ["NUL inside ..", `.%00./${S.sibling}/`],
    ["newline", "inside.txt%0a"],
    ["CRLF header injection", "inside.txt%0d%0aX-Injected:%201"],
    ["tab", "%09..%2f"],
    ["DEL", "%7f"],
    ["overlong NUL", "inside.txt%c0%80"],
  ] as const)
    add(`control ${l}`, p);

  // Lengths: a 256-byte name, a 300-byte UTF-8 name, a path over 4096 bytes, a deep escape.
  add("long name 256 bytes", "a".repeat(256));
  add("long name 1000 bytes", "b".repeat(1000));
  add("long UTF-8 name 300 bytes", "%c3%a9".repeat(150));
  add("long path 5000 bytes", "dir/" + "c/".repeat(2500));
  add("long path of dots", "./".repeat(2100) + `../${S.sibling}/`);
  add("deep escape 600 levels", "%2e%2e/".repeat(600) + "etc/passwd");
  add("long name then ..", `${"d".repeat(300)}/../../${S.sibling}/`);

  // Case folding and Unicode look-alikes of real names.
  for (const [l, p] of [
    ["upper sibling", `../${S.sibling.toUpperCase()}/`],
    ["upper file", "INSIDE.TXT"],
    ["upper scope back in", `../${S.scope.toUpperCase()}/inside.txt`],
    ["mixed case dots", "%2E%2e/%2e%2E/etc/passwd"],
    ["Kelvin sign", "%e2%84%aa"],
    ["long s", "in%c5%bfide.txt"],
    ["fi ligature", "%ef%ac%81le"],
    ["NFD e-acute", "e%cc%81"],
    ["NFC e-acute", "%c3%a9"],
    ["right-to-left override", "%e2%80%aetxt.edisni"],
    ["full-width sibling name", `%ef%bc%8e%ef%bc%8e%ef%bc%8f${S.sibling}`],
    ["dotless i", "%c4%b1nside.txt"],
  ] as const)
    add(`unicode ${l}`, p);

  // Links placed inside the scope that lead out (or loop, or dangle).
  const L = S.links;
  for (const [l, p] of [
    ["symlink to sibling secret", L.file],
    ["symlink to sibling folder", `${L.dir}/`],
    ["file through symlinked folder", `${L.dir}/${S.siblingSecret}`],
    ["new file through symlinked folder", `${L.dir}/new-file.txt`],
    ["new folder through symlinked folder", `${L.dir}/new-folder/`],
    ["relative symlink", L.relative],
    ["symlink outside the root", `${L.outsideRoot}/`],
    ["file through outside-root symlink", `${L.outsideRoot}/${S.rootSecret}`],
    ["symlink chain", L.chain],
    ["symlink loop", L.loop],
    ["through symlink loop", `${L.loop}/x`],
    ["dangling symlink", L.danglingFile],
    ["dangling symlinked folder", `${L.danglingDir}/`],
    ["new file under dangling folder link", `${L.danglingDir}/new.txt`],
    ["nested symlink in dir", L.nested],
    ["file under nested symlink", `${L.nested}/${S.siblingSecret}`],
    ["symlink then ..", `${L.dir}/../inside.txt`],
    ["encoded symlink name", encodeURIComponent(L.file)],
    ["symlink with trailing slash", `${L.file}/`],
    ["symlink with trailing /.", `${L.dir}/.`],
    ["hardlink to sibling file", L.hard],
  ] as const)
    add(`link ${l}`, p);

  return out;
}

/** The corpus (over 200 payloads), in a fixed order. */
export const TRAVERSAL_PAYLOADS: readonly TraversalPayload[] = build();
