/**
 * @module Foundation figures: binary size, start-to-listening time, idle RSS, and the listing time of a
 * 10,000-entry folder (median of 20) beside `ls -l` of the same folder in the same run.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, rssKb, startBinary } from "./bench-server";

const ENTRIES = 10_000;
const RUNS = 20;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Runs the benchmark and returns printable rows. */
export async function benchFoundation(): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-"));
  const root = join(home, "files");
  const big = join(root, "big");
  mkdirSync(big, { recursive: true });
  for (let i = 0; i < ENTRIES; i++) writeFileSync(join(big, `file-${String(i).padStart(5, "0")}.txt`), "x");

  const t0 = performance.now();
  const { proc, url } = await startBinary(BINARY, root, home);
  const startMs = performance.now() - t0;
  await Bun.sleep(1000);
  const idleRss = rssKb(proc.pid);
  const token = await benchLogin(url);

  const api: number[] = [];
  const ls: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    let t = performance.now();
    const res = await fetch(`${url}/api/resources/big/`, { headers: { "X-Auth": token } });
    const body = await res.json();
    if (body.numFiles !== ENTRIES) throw new Error(`listing returned ${body.numFiles} files`);
    const apiMs = performance.now() - t;
    t = performance.now();
    const p = Bun.spawnSync(["ls", "-l", big], { stdout: "pipe" });
    const lsMs = performance.now() - t;
    if (p.exitCode !== 0) throw new Error("ls failed");
    if (i >= 2) {
      api.push(apiMs); // the first two runs warm caches on both sides
      ls.push(lsMs);
    }
  }
  proc.kill("SIGTERM");
  await proc.exited;
  rmSync(home, { recursive: true, force: true });

  const size = statSync(BINARY).size;
  const apiMed = median(api);
  const lsMed = median(ls);
  return [
    `binary size                     ${(size / 1e6).toFixed(1)} MB (${size} bytes)`,
    `start to 'listening'            ${startMs.toFixed(0)} ms`,
    `idle RSS                        ${(idleRss / 1024).toFixed(1)} MiB`,
    `list ${ENTRIES} entries (median of ${RUNS})`,
    `  GET /api/resources/big/       ${apiMed.toFixed(1)} ms`,
    `  ls -l big                     ${lsMed.toFixed(1)} ms`,
    `  time ratio fbe / ls -l        ${(apiMed / lsMed).toFixed(2)}x (lower is better)`,
  ];
}

if (import.meta.main) for (const line of await benchFoundation()) console.log(line);
