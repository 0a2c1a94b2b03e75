/** @module A stored zip with many small entries (thousands of names in folders of 1000), made in a blink for listing tests. */
import { writeFileSync } from "node:fs";
import { storedZip } from "./stored-zip";

/** The name of entry `i`: `d<i / 1000>/f-<i, 6 digits>.txt`. */
export function manyEntryName(i: number): string {
  return `d${Math.floor(i / 1000)}/f-${String(i).padStart(6, "0")}.txt`;
}

/**
 * Writes a zip of `count` files to `dest`, entry `i` named manyEntryName(i) holding `${i}\n` (so the files hold
 * manyEntrySize(count) bytes in all). 300,000 entries make a 35 MB zip in about 2 s.
 */
export function writeManyEntryZip(dest: string, count: number): void {
  writeFileSync(dest, storedZip(Array.from({ length: count }, (_, i) => ({ name: manyEntryName(i), data: `${i}\n` }))));
}

/** Bytes of the files of a writeManyEntryZip of `count` entries. */
export function manyEntrySize(count: number): number {
  let size = 0;
  for (let i = 0; i < count; i++) size += String(i).length + 1;
  return size;
}
