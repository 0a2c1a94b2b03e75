/**
 * @module Archive download figures: zip and tar.gz of a 1,000 x 1 MiB folder streamed through the server
 * (curl to /dev/null) beside `zip -r` and `tar czf` of the same folder in the same run, with the server's
 * peak RSS while it streams.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, curlDownload, rssKb, startBinary } from "./bench-server";

const FILES = 1000;
const FILE_BYTES = 1024 * 1024;
const TOTAL = FILES * FILE_BYTES;

/**
 * Writes FILES files of FILE_BYTES each. Each is a slice of one 16 MiB random pool at its own offset:
 * cheap to make, and incompressible for deflate, whose 32 KiB window never sees the repeats.
 */
function makeFolder(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const pool = randomBytes(16 * FILE_BYTES);
  for (let i = 0; i < FILES; i++) {
    const off = (i * 7919 * 4096) % (pool.length - FILE_BYTES);
    writeFileSync(join(dir, `file-${String(i).padStart(4, "0")}.bin`), pool.subarray(off, off + FILE_BYTES));
  }
}

/** Runs `cmd` with stdout to /dev/null; returns seconds. */
async function timeCommand(cmd: string[], cwd: string): Promise<number> {
  const t = performance.now();
  const p = Bun.spawn(cmd, { cwd, stdout: Bun.file("/dev/null"), stderr: "inherit" });
  if ((await p.exited) !== 0) throw new Error(`${cmd.join(" ")} failed`);
  return (performance.now() - t) / 1000;
}

/** Downloads `url` with curl to /dev/null; returns seconds and bytes. */
const mbps = (s: number) => TOTAL / 1e6 / s;

/** Runs the benchmark and returns printable rows. */
export async function benchArchive(): Promise<string[]> {
  for (const tool of ["curl", "zip", "tar", "gzip"])
    if (!Bun.which(tool)) throw new Error(`bench/archive.ts needs ${tool} on PATH`);
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-archive-"));
  const root = join(home, "files");
  const data = join(root, "data");
  try {
    makeFolder(data);
    const { proc, url } = await startBinary(BINARY, root, home);
    await Bun.sleep(500);
    const token = await benchLogin(url);
    // A login's argon2id check holds its 64 MiB for a moment: idle is read once that memory is given back.
    await Bun.sleep(1000);
    const idle = rssKb(proc.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(proc.pid))), 50);
    const zipServer = await curlDownload(`${url}/api/raw/data/?algo=zip`, { "X-Auth": token });
    const gzServer = await curlDownload(`${url}/api/raw/data/?algo=tar.gz`, { "X-Auth": token });
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(proc.pid));
    proc.kill("SIGTERM");
    await proc.exited;
    const zipStore = await timeCommand(["zip", "-0", "-r", "-q", "-", "data"], root);
    const zipDeflate = await timeCommand(["zip", "-r", "-q", "-", "data"], root);
    const tarGz = await timeCommand(["tar", "czf", "-", "data"], root);
    const row = (label: string, s: number, extra = "") =>
      `  ${label.padEnd(34)}${mbps(s).toFixed(0).padStart(6)} MB/s  ${s.toFixed(1).padStart(6)} s${extra}`;
    return [
      `folder: ${FILES} files x 1 MiB (${(TOTAL / 1e6).toFixed(0)} MB, incompressible, page cache warm); MB/s = folder bytes / time`,
      row("GET ?algo=zip (stored, ZIP64)", zipServer.s, `  ${(zipServer.bytes / 1e6).toFixed(0)} MB out`),
      row("zip -0 -r - data > /dev/null", zipStore),
      row("zip -r - data > /dev/null (deflate)", zipDeflate),
      `  throughput ratio fbe zip / zip -0 -r  ${(mbps(zipServer.s) / mbps(zipStore)).toFixed(2)}x (higher is better)`,
      `  throughput ratio fbe zip / zip -r     ${(mbps(zipServer.s) / mbps(zipDeflate)).toFixed(2)}x (higher is better)`,
      row("GET ?algo=tar.gz (gzip level 6)", gzServer.s, `  ${(gzServer.bytes / 1e6).toFixed(0)} MB out`),
      row("tar czf - data > /dev/null", tarGz),
      `  throughput ratio fbe tar.gz / tar czf ${(mbps(gzServer.s) / mbps(tarGz)).toFixed(2)}x (higher is better)`,
      `server RSS idle ${(idle / 1024).toFixed(1)} MiB, peak while streaming ${(peak / 1024).toFixed(1)} MiB (+${((peak - idle) / 1024).toFixed(1)} MiB)`,
    ];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const line of await benchArchive()) console.log(line);
