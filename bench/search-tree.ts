/**
 * @module The deterministic tree of the search benchmark: FOLDERS folders (two levels) holding NAMES empty files
 * in all, names made of hex digits (which can never spell the query words) plus, in every RARE_EVERY-th name, the
 * rare word and, in every COMMON_EVERY-th name, the common word. Made once and reused while its marker file exists.
 */
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const NAMES = 1_000_000;
export const FOLDERS = 20_000;
/** ~100 hits of the rare word, ~10,000 of the common one. */
export const RARE_WORD = "zephyrine";
export const COMMON_WORD = "lantern";
const RARE_EVERY = NAMES / 100;
const COMMON_EVERY = NAMES / 10_000;
const EXTENSIONS = [".txt", ".jpg", ".mp4", ".pdf", ".mp3", ".zip", ".md", ".png", ".mkv", ".docx"];

/** A 32-bit xorshift generator: the same seed gives the same tree on every machine. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** Makes the tree under `dir` unless it is already complete; returns seconds spent (0 when reused). */
export function makeSearchTree(dir: string): number {
  const marker = join(dir, ".complete");
  if (existsSync(marker)) return 0;
  const t = performance.now();
  const next = rng(13);
  const perFolder = NAMES / FOLDERS;
  let n = 0;
  for (let f = 0; f < FOLDERS; f++) {
    // 200 top folders of 100 subfolders each: /d-0042/s-0007
    const folder = join(
      dir,
      `d-${String(Math.floor(f / 100)).padStart(4, "0")}`,
      `s-${String(f % 100).padStart(4, "0")}-${(next() % 65536).toString(16)}`,
    );
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < perFolder; i++, n++) {
      let name = `f${next().toString(16)}-${(next() % 4096).toString(16)}`;
      if (n % RARE_EVERY === 7) name += `-${RARE_WORD}`;
      if (n % COMMON_EVERY === 3) name += `-${COMMON_WORD}`;
      closeSync(openSync(join(folder, name + EXTENSIONS[next() % EXTENSIONS.length]), "w"));
    }
  }
  writeFileSync(marker, "");
  return (performance.now() - t) / 1000;
}
