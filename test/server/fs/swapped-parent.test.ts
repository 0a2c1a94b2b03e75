/**
 * Each file operation of a scope, given a path that was checked while its parent was a real folder, then run after
 * that parent was swapped for a link out of the scope: the race of docs/security.md "Paths and races", made
 * deterministic by swapping between the check (resolveInScope) and the operation. One case per system call an
 * operation makes on the user's tree (mkdir, unlink and rmdir, rename, link and copy, chmod, the temp file's write
 * and rename), with openat2 and with the path fallback of kernels without it. Nothing outside may change, and the
 * operation answers the scope's refusal (403) or the missing name (404); nothing read outside arrives inside.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setOpenat2, usesOpenat2 } from "../../../src/server/fs/beneath";
import { changeMode } from "../../../src/server/fs/chmod";
import { copyPath, movePath } from "../../../src/server/fs/copy-move";
import { createFolder, deletePath } from "../../../src/server/fs/operations";
import { saveExistingFile } from "../../../src/server/fs/save-file";
import { normalizeVirtualPath, resolveInScope, type ScopedPath } from "../../../src/server/fs/scope";
import { writeFileAtomically } from "../../../src/server/fs/upload";

const home = mkdtempSync(join(tmpdir(), "fbe-swap-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

let scope: string;
let outside: string;
let run = 0;

/** A fresh scope holding a/f.txt, a/sub/g.txt and b/, and beside it an outside folder with the same names. */
beforeEach(() => {
  run++;
  scope = join(home, `scope-${run}`);
  outside = join(home, `outside-${run}`);
  for (const base of [scope, outside]) {
    mkdirSync(join(base, "a", "sub"), { recursive: true });
    writeFileSync(join(base, "a", "f.txt"), `${base === scope ? "inside" : "OUTSIDE"}`);
    writeFileSync(join(base, "a", "sub", "g.txt"), "g");
  }
  mkdirSync(join(scope, "b"));
});
afterEach(() => setOpenat2(true));

/** The outside folder's names, contents and modes, to compare before and after. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = join(dir, rel, name);
      const st = statSync(path);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isDirectory()) {
        out.push(`${rel}/${name}/ ${mode}`);
        walk(`${rel}/${name}`);
      } else out.push(`${rel}/${name} ${mode} ${readFileSync(path, "utf8")}`);
    }
  };
  walk("");
  return out;
}

/** Resolves `path` in the scope now, while `a` is a real folder. */
function checked(path: string, wantsDir = false): ScopedPath {
  return resolveInScope(scope, { ...normalizeVirtualPath(path), wantsDir });
}

/** Moves the scope's `a` away and puts a link to the outside folder's `a` in its place. */
function swapParent(): void {
  renameSync(join(scope, "a"), join(scope, "a-moved"));
  symlinkSync(join(outside, "a"), join(scope, "a"));
}

/** The HTTP status an operation's error maps to (FsError OUTSIDE_SCOPE 403, ENOENT 404), or "done". */
async function outcome(op: () => Promise<unknown>): Promise<string> {
  try {
    await op();
    return "done";
  } catch (err) {
    const e = err as { status?: number; code?: string };
    return String(e.status ?? e.code);
  }
}

const body = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(text));
      c.close();
    },
  });

const allowAll = () => true;

const CASES: { name: string; run: () => Promise<unknown> }[] = [
  { name: "mkdir (new folder)", run: async () => createFolder(await after(checked("/a/new", true))) },
  { name: "unlink (delete a file)", run: async () => deletePath(await after(checked("/a/f.txt")), allowAll) },
  { name: "rmdir (delete a folder)", run: async () => deletePath(await after(checked("/a/sub", true)), allowAll) },
  {
    name: "rename (move out of the swapped folder)",
    run: async () => {
      const src = checked("/a/f.txt");
      const dest = checked("/b/f.txt");
      swapParent();
      return movePath({ scopeAbs: scope, src, dest, conflict: "fail", isAllowed: allowAll });
    },
  },
  {
    name: "rename (move into the swapped folder, replacing)",
    run: async () => {
      writeFileSync(join(scope, "b", "f.txt"), "mover");
      const src = checked("/b/f.txt");
      const dest = checked("/a/f.txt");
      swapParent();
      return movePath({
        scopeAbs: scope,
        src,
        dest,
        conflict: "override",
        isAllowed: allowAll,
        mayReplace: { file: true, folder: true },
      });
    },
  },
  {
    name: "copy (read from the swapped folder)",
    run: async () => {
      const src = checked("/a/f.txt");
      const dest = checked("/b/copy.txt");
      swapParent();
      return copyPath({ scopeAbs: scope, src, dest, conflict: "fail", isAllowed: allowAll });
    },
  },
  {
    name: "copy (write a folder into the swapped folder)",
    run: async () => {
      writeFileSync(join(scope, "b", "h.txt"), "copied");
      const src = checked("/b", true);
      const dest = checked("/a/b-copy", true);
      swapParent();
      return copyPath({ scopeAbs: scope, src, dest, conflict: "fail", isAllowed: allowAll });
    },
  },
  { name: "chmod (a file)", run: async () => changeMode(await after(checked("/a/f.txt")), 0o600, false, allowAll) },
  {
    name: "chmod -R (a folder)",
    run: async () => changeMode(await after(checked("/a/sub", true)), 0o700, true, allowAll),
  },
  {
    name: "write and rename of a save",
    run: async () => saveExistingFile(await after(checked("/a/f.txt")), body("saved")),
  },
  {
    name: "write and link of a new file",
    run: async () => writeFileAtomically(await after(checked("/a/new.txt")), body("uploaded"), false),
  },
  {
    name: "write and rename over a file (upload with override)",
    run: async () => writeFileAtomically(await after(checked("/a/f.txt")), body("uploaded"), true),
  },
];

/** Swaps the parent after the check, then hands the checked path on. */
async function after(target: ScopedPath): Promise<ScopedPath> {
  swapParent();
  return target;
}

for (const openat2 of [true, false]) {
  describe(openat2 ? "with openat2" : "without openat2 (kernels before 5.6)", () => {
    it.each(CASES.map((c) => [c.name, c.run] as const))(
      "%s after the checked parent became a link out changes nothing outside",
      async (_name, op) => {
        if (openat2) expect(usesOpenat2()).toBe(true);
        else setOpenat2(false);
        const before = snapshot(outside);
        const result = await outcome(op);
        expect(snapshot(outside)).toEqual(before);
        // Nor did anything from outside come in: a copy or move read through the link would bring its content.
        expect(snapshot(join(scope, "b")).filter((line) => line.includes("OUTSIDE"))).toEqual([]);
        // Refused as outside the scope (403), or not found in the folder the check saw (404); never done outside.
        expect(["403", "OUTSIDE_SCOPE", "404", "ENOENT", "done"]).toContain(result);
        if (result === "done") expect(existsSync(join(scope, "a-moved"))).toBe(true);
      },
    );
  });
}
