/** @module Helpers of the zip writer's tests: the server's zip stream of a selection, saved sparse, and tools run. */
import { open } from "node:fs/promises";
import { join } from "node:path";
import { collectEntries } from "../../src/server/archive/collect";
import { zipStream } from "../../src/server/archive/zip";

/** Runs `cmd`; fails the test with its output unless it exits 0. Returns stdout. */
export function runTool(cmd: string[]): string {
  const p = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`${cmd.join(" ")} exited ${p.exitCode}:\n${p.stdout}\n${p.stderr}`);
  return p.stdout.toString();
}

/** The zip of the folders/files `paths` (virtual, under `scope`) as the server streams it. */
export function zipOf(
  scope: string,
  paths: string[],
  signal = new AbortController().signal,
): ReadableStream<Uint8Array> {
  const selected = paths.map((path) => ({ path, abs: join(scope, path), wantsDir: false, scope }));
  return zipStream(collectEntries(selected, { scopeAbs: scope, filter: () => true, signal }), signal);
}

const ZEROS = Buffer.alloc(1024 * 1024);

/** Writes `stream` to `file`, leaving holes where whole chunks are zeros so a 4 GiB archive costs no disk; returns its bytes. */
export async function saveSparse(stream: ReadableStream<Uint8Array>, file: string): Promise<number> {
  const fh = await open(file, "w");
  let at = 0;
  for await (const chunk of stream) {
    const b = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (b.byteLength > ZEROS.byteLength || !b.equals(ZEROS.subarray(0, b.byteLength)))
      await fh.write(b, 0, b.byteLength, at);
    at += b.byteLength;
  }
  await fh.truncate(at);
  await fh.close();
  return at;
}
