/**
 * @module Share link figures: the public download of a 1 GiB file through a share beside GET /api/raw of the same
 * file, and the zip of a shared 512 x 1 MiB folder beside the private zip of it, in one run (curl to /dev/null,
 * median of 3, alternating, page cache warm). MB/s = bytes / time.
 */
import { mkdirSync, mkdtempSync, openSync, rmSync, writeSync, closeSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, curlDownload, startBinary } from "./bench-server";

const BIG_BYTES = 1024 * 1024 * 1024;
const FILES = 512;
const FILE_BYTES = 1024 * 1024;
const RUNS = 3;

/** Writes the 1 GiB file from a repeated 16 MiB random pool, and the folder of FILES slices of it. */
function makeData(root: string): void {
  const pool = randomBytes(16 * FILE_BYTES);
  const fd = openSync(join(root, "big.bin"), "w");
  for (let off = 0; off < BIG_BYTES; off += pool.length) writeSync(fd, pool);
  closeSync(fd);
  mkdirSync(join(root, "folder"));
  for (let i = 0; i < FILES; i++) {
    const at = (i * 7919 * 4096) % (pool.length - FILE_BYTES);
    writeFileSync(join(root, "folder", `f-${String(i).padStart(4, "0")}.bin`), pool.subarray(at, at + FILE_BYTES));
  }
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** Runs the benchmark and returns printable rows. */
export async function benchShare(): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-share-"));
  const root = join(home, "files");
  mkdirSync(root);
  try {
    makeData(root);
    const { proc, url } = await startBinary(BINARY, root, home);
    const token = await benchLogin(url);
    const auth = { "X-Auth": token };
    const mint = async (path: string) =>
      (await (await fetch(`${url}/api/share${path}?expires=1&unit=hours`, { method: "POST", headers: auth })).json())
        .hash as string;
    const fileHash = await mint("/big.bin");
    const folderHash = await mint("/folder/");
    const times = { raw: [] as number[], pub: [] as number[], zip: [] as number[], pubZip: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      times.raw.push((await curlDownload(`${url}/api/raw/big.bin`, auth)).s);
      times.pub.push((await curlDownload(`${url}/api/public/dl/${fileHash}`)).s);
      times.zip.push((await curlDownload(`${url}/api/raw/folder/?algo=zip`, auth)).s);
      times.pubZip.push((await curlDownload(`${url}/api/public/dl/${folderHash}/?algo=zip`)).s);
    }
    proc.kill("SIGTERM");
    await proc.exited;
    const rate = (bytes: number, s: number) => bytes / 1e6 / s;
    const big = { raw: rate(BIG_BYTES, median(times.raw)), pub: rate(BIG_BYTES, median(times.pub)) };
    const folderBytes = FILES * FILE_BYTES;
    const zip = { raw: rate(folderBytes, median(times.zip)), pub: rate(folderBytes, median(times.pubZip)) };
    return [
      `1 GiB file, median of ${RUNS} (MB/s, higher is better)`,
      `  GET /api/raw/big.bin (login)        ${big.raw.toFixed(0).padStart(6)} MB/s`,
      `  GET /api/public/dl/{hash} (share)   ${big.pub.toFixed(0).padStart(6)} MB/s`,
      `  ratio share / raw                   ${(big.pub / big.raw).toFixed(2)}x`,
      `folder of ${FILES} x 1 MiB as zip, median of ${RUNS}`,
      `  GET /api/raw/folder/?algo=zip       ${zip.raw.toFixed(0).padStart(6)} MB/s`,
      `  GET /api/public/dl/{hash}/?algo=zip ${zip.pub.toFixed(0).padStart(6)} MB/s`,
      `  ratio share / private               ${(zip.pub / zip.raw).toFixed(2)}x`,
    ];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const line of await benchShare()) console.log(line);
