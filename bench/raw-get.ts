/**
 * @module Raw GET figures beside nginx: requests per second (wrk c=16, median of 3 runs of 5 s) for a 4 KiB file, a
 * 1 MiB file whole, a 64 KiB Range of it, and a 1,000-entry folder listing, for this binary, nginx serving the same
 * files, and with `--before PATH` an older build in the same run. Every file answer opens the file beneath the
 * user's scope (docs/security.md "Paths and races"); these figures tell what that costs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchLogin, startBinary } from "./bench-server";
import { machineNote, median } from "./bench-stats";
import { startNginx, wrkRps } from "./listing-peers";

/** Runs of wrk per figure, and seconds per run. */
const RUNS = 3;
const SECONDS = 5;
const LISTING_ENTRIES = 1_000;

interface Case {
  name: string;
  /** Path under the served root ("/small.bin"), and extra request headers. */
  path: string;
  headers: Record<string, string>;
  /** The fbe route the path goes under (nginx serves it as it is: files, and its JSON autoindex for the folder). */
  route: "/api/raw" | "/api/resources";
}

const CASES: Case[] = [
  { name: "4 KiB file", path: "/small.bin", headers: {}, route: "/api/raw" },
  { name: "1 MiB file", path: "/mid.bin", headers: {}, route: "/api/raw" },
  { name: "64 KiB Range of it", path: "/mid.bin", headers: { Range: "bytes=65536-131071" }, route: "/api/raw" },
  {
    name: `listing of ${LISTING_ENTRIES} entries (nginx: JSON autoindex)`,
    path: "/many/",
    headers: {},
    route: "/api/resources",
  },
];

/** The files every server serves. */
function makeRoot(home: string): string {
  const root = join(home, "files");
  mkdirSync(join(root, "many"), { recursive: true });
  writeFileSync(join(root, "small.bin"), Buffer.alloc(4096, "s"));
  writeFileSync(join(root, "mid.bin"), Buffer.alloc(1 << 20, "m"));
  for (let i = 0; i < LISTING_ENTRIES; i++)
    writeFileSync(join(root, "many", `file-${String(i).padStart(4, "0")}.txt`), "x");
  return root;
}

/** Median req/s of `url` over RUNS runs. */
async function rps(url: string, headers: Record<string, string>): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await wrkRps(url, headers, SECONDS));
  return median(runs);
}

/** Req/s of each case for the binary `bin` serving `root`. */
async function measureBinary(bin: string, root: string, home: string): Promise<number[]> {
  const { proc, url } = await startBinary(bin, root, mkdtempSync(join(home, "fbe-")));
  try {
    const token = await benchLogin(url);
    const out: number[] = [];
    for (const c of CASES) out.push(await rps(`${url}${c.route}${c.path}`, { "X-Auth": token, ...c.headers }));
    return out;
  } finally {
    proc.kill();
    await proc.exited;
  }
}

/** Runs the benchmark for `binary` (and `before` when given) and returns printable rows. */
export async function benchRawGet(binary: string, before?: string): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-raw-"));
  try {
    const root = makeRoot(home);
    const now = await measureBinary(binary, root, home);
    const old = before ? await measureBinary(before, root, home) : null;
    const nginx = await startNginx(root);
    const ref: (number | null)[] = [];
    try {
      for (const c of CASES) ref.push(nginx ? await rps(`${nginx.url}${c.path}`, c.headers) : null);
    } finally {
      await nginx?.stop();
    }
    const rows = [`wrk c=16, median of ${RUNS} x ${SECONDS} s; ${machineNote()}`];
    CASES.forEach((c, i) => {
      const parts = [`fbe ${now[i].toFixed(0)} req/s`];
      if (old) parts.push(`before ${old[i].toFixed(0)} (this/before ${(now[i] / old[i]).toFixed(2)})`);
      if (ref[i] !== null) parts.push(`nginx ${ref[i]!.toFixed(0)} (fbe/nginx ${(now[i] / ref[i]!).toFixed(2)})`);
      rows.push(`  ${c.name}: ${parts.join("; ")}`);
    });
    return rows;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { BINARY } = await import("../scripts/build");
  const i = process.argv.indexOf("--before");
  for (const l of await benchRawGet(BINARY, i > 0 ? process.argv[i + 1] : undefined)) console.log(l);
}
