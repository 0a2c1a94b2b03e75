/**
 * @module Names of multi-volume archives (pure): which sibling files form one set with a given member, which member
 * 7-Zip opens, and an archive's name without its archive and volume extensions. Naming schemes: 7-Zip and HJSplit
 * splits (`x.7z.001`, `x.zip.001`), RAR 3+ parts (`x.part1.rar`), RAR 2 (`x.rar` + `x.r00`) and spanned zip
 * (`x.z01` ... + `x.zip`, opened from the `.zip`, PKWARE APPNOTE section 8).
 */

/** One archive as a set of files in the same folder. */
export interface VolumeSet {
  /** The file name 7-Zip opens. */
  open: string;
  /** Every file of the set (the single file itself when it is not a set), sorted by volume order. */
  members: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Siblings named `<prefix><digits><suffix>`, sorted by their number. */
function numbered(siblings: readonly string[], prefix: string, suffix: string): string[] {
  const re = new RegExp(`^${escape(prefix)}(\\d+)${escape(suffix)}$`, "i");
  return siblings
    .map((s) => ({ s, m: re.exec(s) }))
    .filter((x) => x.m)
    .sort((a, b) => Number(a.m![1]) - Number(b.m![1]))
    .map((x) => x.s);
}

/** A `.zNN` / `.rNN` set whose last (opened) volume is `<prefix>.<ext>`. */
function tailOpened(siblings: readonly string[], prefix: string, letter: string, ext: string): VolumeSet | null {
  const open = siblings.find((s) => s.toLowerCase() === `${prefix}.${ext}`.toLowerCase());
  const parts = numbered(siblings, `${prefix}.${letter}`, "");
  if (!open || parts.length === 0) return null;
  // RAR 2 names the first volume .rar and then .r00; spanned zip names the last one .zip.
  return { open, members: ext === "rar" ? [open, ...parts] : [...parts, open] };
}

/**
 * The volume set `name` belongs to, given the names of the files in its folder (`siblings`, `name` included).
 * A name that matches no scheme, or whose other volumes are missing, is a set of itself.
 */
export function findVolumeSet(name: string, siblings: readonly string[]): VolumeSet {
  const single = { open: name, members: [name] };
  let m = /^(.+\.)(\d{3,})$/.exec(name);
  if (m) {
    const members = numbered(siblings, m[1]!, "").filter((s) => s.length === name.length);
    return members.length ? { open: members[0]!, members } : single;
  }
  m = /^(.+)\.part(\d+)\.rar$/i.exec(name);
  if (m) {
    const members = numbered(siblings, `${m[1]}.part`, ".rar");
    return members.length ? { open: members[0]!, members } : single;
  }
  m = /^(.+)\.(z|r)(\d{2,})$/i.exec(name);
  if (m) return tailOpened(siblings, m[1]!, m[2]!, m[2]!.toLowerCase() === "z" ? "zip" : "rar") ?? single;
  m = /^(.+)\.(zip|rar)$/i.exec(name);
  if (m) return tailOpened(siblings, m[1]!, m[2]!.toLowerCase()[0]!, m[2]!.toLowerCase()) ?? single;
  return single;
}

/** True when `name` is named like a volume of a set (`.001`, `.part2.rar`, `.z01`, `.r00`), whatever its content. */
export function isVolumeName(name: string): boolean {
  return VOLUME_SUFFIX.some((re) => re.test(name));
}

/** Volume suffixes, stripped first. */
const VOLUME_SUFFIX = [/\.\d{3,}$/, /\.part\d+(?=\.rar$)/i, /\.[zr]\d{2,}$/i];
/** Two-part extensions of compressed tarballs. */
const TAR_COMPOUND = /\.tar\.(gz|bz2|xz|zst|lz4|lz|lzma|z|sz)$/i;
/** Single archive extensions (the archive list of fs/file-type.ts plus tarball short forms). */
const ARCHIVE_EXT =
  /\.(7z|zip|rar|tar|gz|tgz|bz2|tbz|tbz2|xz|txz|lz4|zst|sz|lz|lzma|tlz|iso|cab|arj|lzh|z|cpio|wim|jar|apk|deb|rpm|dmg)$/i;

/**
 * The archive's name without its volume and archive extensions, stripped as long as one is left (`photos.tar.gz`
 * gives `photos`, `set.part2.rar` and `set.7z.003` give `set`, `a.z01` gives `a`); never empty.
 */
export function archiveBaseName(name: string): string {
  let base = name;
  for (const re of VOLUME_SUFFIX) base = base.replace(re, "");
  for (let prev = ""; prev !== base; ) {
    prev = base;
    const next = base.replace(TAR_COMPOUND, "").replace(ARCHIVE_EXT, "");
    if (next) base = next;
  }
  return base;
}
