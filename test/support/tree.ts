/** @module Builds a file tree on disk from an object literal: strings and buffers are files, objects are folders. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type Tree = { [name: string]: string | Uint8Array | Tree };

/** Writes `tree` under `dir` (created when missing). */
export function makeTree(dir: string, tree: Tree): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, value] of Object.entries(tree)) {
    const p = join(dir, name);
    if (typeof value === "string" || value instanceof Uint8Array) writeFileSync(p, value);
    else makeTree(p, value);
  }
}
