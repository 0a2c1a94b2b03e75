/**
 * @module Checks and repairs a freshly extracted folder before anything is moved into place: removes symlinks that
 * lead out of it, and renames entries whose names are in a legacy encoding to UTF-8. Paths are handled as raw bytes
 * (Buffers) because 7-Zip writes non-UTF-8 zip names byte for byte (measured on 7zz 26.02, whatever `-mcp`).
 */
import { lstatSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { chooseNameEncoding, decodeName, isUtf8 } from "./name-encoding";
import { linkEscapes } from "./entry-safety";

const SLASH = Buffer.from("/");

/** `dir/name` as bytes. */
export function childPath(dir: Buffer, name: Buffer): Buffer {
  return Buffer.concat([dir, SLASH, name]);
}

/** The entries of `dir` as raw names. */
export function rawEntries(dir: Buffer): Buffer[] {
  return readdirSync(dir, { encoding: "buffer" }) as Buffer[];
}

/**
 * Calls `visit` for every entry under `root`, parents before children, with its path relative to `root` in bytes;
 * a folder's content is visited unless `visit` returns false for it (e.g. it removed the folder).
 */
function walk(root: Buffer, visit: (abs: Buffer, rel: Buffer) => boolean | void, rel: Buffer = Buffer.alloc(0)): void {
  for (const name of rawEntries(rel.length ? childPath(root, rel) : root)) {
    const r = rel.length ? childPath(rel, name) : name;
    const abs = childPath(root, r);
    const isDir = lstatSync(abs).isDirectory();
    if (visit(abs, r) !== false && isDir) walk(root, visit, r);
  }
}

/**
 * Removes every entry under `root` whose relative path (decoded as UTF-8) `refuse` returns true for, with its
 * content; used for entries the owner's rules deny.
 * @returns the relative paths removed.
 */
export function removeEntriesWhere(root: string, refuse: (rel: string) => boolean): string[] {
  const removed: string[] = [];
  walk(Buffer.from(root), (abs, rel) => {
    const path = rel.toString("utf8");
    if (!refuse(path)) return true;
    rmSync(abs, { recursive: true, force: true });
    removed.push(path);
    return false;
  });
  return removed;
}

/**
 * Removes every symlink under `root` whose target is absolute or climbs out of `root` (7-Zip rewrites absolute
 * targets into the extraction folder, which would dangle once moved; relative ones that climb out are refused).
 * @returns the relative paths of the removed links.
 */
export function removeEscapingLinks(root: string): string[] {
  const removed: string[] = [];
  walk(Buffer.from(root), (abs, rel) => {
    if (!lstatSync(abs).isSymbolicLink()) return;
    const target = readlinkSync(abs, { encoding: "buffer" }) as Buffer;
    // latin1 keeps every byte as one character, so "/" and ".." are found whatever the names' encoding.
    if (!linkEscapes(rel.toString("latin1"), target.toString("latin1"))) return;
    unlinkSync(abs);
    removed.push(rel.toString("utf8"));
  });
  return removed;
}

/**
 * Renames every entry under `root` whose name is not valid UTF-8, decoding all such names with the one encoding
 * that fits them best (GBK, Shift_JIS, Big5, CP437 ...), and rewrites symlink targets with the same decoding.
 * A decoded name that already exists beside it keeps its raw name.
 * @returns the encoding used and how many entries were renamed (null and 0 when every name was UTF-8).
 */
export function fixEntryNames(root: string): { encoding: string | null; renamed: number } {
  const rootBuf = Buffer.from(root);
  const raw: Buffer[] = [];
  walk(rootBuf, (_abs, rel) => void raw.push(rel.subarray(rel.lastIndexOf(0x2f) + 1)));
  const encoding = chooseNameEncoding(raw);
  if (!encoding) return { encoding, renamed: 0 };
  let renamed = 0;
  const fixDir = (dir: Buffer) => {
    for (const name of rawEntries(dir)) {
      let abs = childPath(dir, name);
      if (!isUtf8(name)) {
        const fixed = childPath(dir, Buffer.from(decodeName(name, encoding)));
        if (!exists(fixed)) {
          renameSync(abs, fixed);
          abs = fixed;
          renamed++;
        }
      }
      const st = lstatSync(abs);
      if (st.isSymbolicLink()) fixLinkTarget(abs, encoding);
      else if (st.isDirectory()) fixDir(abs);
    }
  };
  fixDir(rootBuf);
  return { encoding, renamed };
}

function exists(p: Buffer): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Re-creates a symlink whose target bytes are not UTF-8 with the decoded target, so it still finds its renamed file. */
function fixLinkTarget(link: Buffer, encoding: string): void {
  const target = readlinkSync(link, { encoding: "buffer" }) as Buffer;
  if (isUtf8(target)) return;
  unlinkSync(link);
  symlinkSync(decodeName(target, encoding), link);
}
