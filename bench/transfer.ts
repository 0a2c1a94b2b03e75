/**
 * @module Transfer figures: GET of a 1 GiB file (curl, MB/s), 1 MiB Range reads at random offsets
 * (wrk, 16 connections, 10 s windows, req/s) and an upload of the 1 GiB file (fbe POST, nginx WebDAV PUT), fbe
 * beside nginx and caddy in one run, each a median of RUNS, with fbe's idle and peak RSS. Data under
 * /work/bench-data/transfer (or $FBE_BENCH_DATA), made once.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeSync,
  closeSync,
  writeFileSync,
} from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY } from "../scripts/build";
import { benchLogin, curlDownload, rssKb, startBinary } from "./bench-server";
import { machineNote, median } from "./bench-stats";
import { startCaddy, startNginx, type Peer } from "./peers";
import { transferThreadOptions } from "../src/server/transfer-threads/transfer-threads";
import { loadConfig } from "../src/server/config/load";

const DATA = process.env.FBE_BENCH_DATA ?? "/work/bench-data";
const GIB = 1 << 30;
const RUNS = 3;
const WRK_SECONDS = 10;

/** The 1 GiB file of incompressible bytes (a 16 MiB random pool repeated), made once. */
function bigFile(root: string): string {
  const file = join(root, "big.bin");
  if (existsSync(file) && statSync(file).size === GIB) return file;
  const pool = randomBytes(16 << 20);
  const fd = openSync(file, "w");
  for (let off = 0; off < GIB; off += pool.length) writeSync(fd, pool);
  closeSync(fd);
  return file;
}

/** Requests per second of wrk with random 1 MiB Range reads of `url` (headers from `auth`). */
async function rangeRate(url: string, auth: string, work: string): Promise<number> {
  const script = join(work, "range.lua");
  writeFileSync(
    script,
    `math.randomseed(os.time())
local auth = os.getenv("BENCH_AUTH")
request = function()
  local off = math.random(0, 1023) * 1048576
  local h = { ["Range"] = "bytes=" .. off .. "-" .. (off + 1048575) }
  if auth ~= "" then h["X-Auth"] = auth end
  return wrk.format("GET", nil, h)
end
`,
  );
  const p = Bun.spawn(["wrk", "-t2", "-c16", `-d${WRK_SECONDS}s`, "-s", script, url], {
    stdout: "pipe",
    stderr: "inherit",
    env: { ...process.env, BENCH_AUTH: auth },
  });
  const out = await new Response(p.stdout).text();
  await p.exited;
  const m = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!m || /Non-2xx/.test(out)) throw new Error(`wrk failed on ${url}:\n${out}`);
  return Number(m[1]);
}

/** Seconds to send `file` with curl (`method` POST or PUT) to `url`. */
async function uploadSeconds(
  file: string,
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<number> {
  const h = Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]);
  const t = performance.now();
  const p = Bun.spawn(["curl", "-sS", "-f", "-o", "/dev/null", "-X", method, "-T", file, ...h, url], {
    stdout: "ignore",
    stderr: "inherit",
  });
  if ((await p.exited) !== 0) throw new Error(`upload to ${url} failed`);
  return (performance.now() - t) / 1000;
}

/** Median Range rate of a second fbe started with FBE_TRANSFER_THREADS=auto, its threads woken by one download. */
async function rangeWithThreads(root: string, work: string): Promise<number> {
  mkdirSync(join(work, "fbe-threads"), { recursive: true });
  const { proc, url } = await startBinary(BINARY, root, join(work, "fbe-threads"), [], {
    FBE_TRANSFER_THREADS: "auto",
  });
  try {
    const token = await benchLogin(url);
    await fetch(`${url}/api/raw/big.bin`, { headers: { "X-Auth": token, Range: "bytes=0-0" } });
    await Bun.sleep(500);
    const rates: number[] = [];
    for (let i = 0; i < RUNS; i++) rates.push(await rangeRate(`${url}/api/raw/big.bin`, token, work));
    return median(rates);
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
}

const mbps = (bytes: number, s: number) => bytes / 1e6 / s;
const f0 = (x: number) => x.toFixed(0);

/** Runs the benchmark and returns the lines to print. */
export async function benchTransfer(): Promise<string[]> {
  for (const tool of ["curl", "wrk"]) if (!Bun.which(tool)) throw new Error(`bench/transfer.ts needs ${tool} on PATH`);
  const root = join(DATA, "transfer");
  mkdirSync(root, { recursive: true });
  const file = bigFile(root);
  const work = mkdtempSync(join(tmpdir(), "fbe-bench-transfer-"));
  const lines = [
    `1 GiB file, page cache warm, loopback; ${machineNote()}; fbe transfer threads: ${transferThreadOptions(loadConfig([], process.env, process.cwd())).count} (+ the main thread)`,
  ];
  const threaded = await rangeWithThreads(root, work);
  const peers: Peer[] = [];
  mkdirSync(join(work, "fbe"), { recursive: true });
  const { proc, url } = await startBinary(BINARY, root, join(work, "fbe"));
  try {
    for (const start of [startNginx, startCaddy]) {
      const p = await start(root, work);
      if (p) peers.push(p);
    }
    const token = await benchLogin(url);
    await Bun.sleep(500);
    const idle = rssKb(proc.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(proc.pid))), 50);
    const targets = [
      { name: "fbe", get: `${url}/api/raw/big.bin`, auth: token },
      ...peers.map((p) => ({ name: p.name, get: `${p.url}/big.bin`, auth: "" })),
    ];
    const get: Record<string, number> = {};
    const range: Record<string, number> = {};
    for (const t of targets) {
      const h: Record<string, string> = t.auth ? { "X-Auth": t.auth } : {};
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(mbps(GIB, (await curlDownload(t.get, h)).s));
      get[t.name] = median(runs);
      const rates: number[] = [];
      for (let i = 0; i < RUNS; i++) rates.push(await rangeRate(t.get, t.auth, work));
      range[t.name] = median(rates);
    }
    const up: Record<string, number> = {};
    const upRuns: number[] = [];
    for (let i = 0; i < RUNS; i++)
      upRuns.push(
        mbps(
          GIB,
          await uploadSeconds(file, `${url}/api/resources/up-${i}.bin?override=true`, "POST", { "X-Auth": token }),
        ),
      );
    up.fbe = median(upRuns);
    const nginx = peers.find((p) => p.name === "nginx");
    if (nginx) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(mbps(GIB, await uploadSeconds(file, `${nginx.url}/dav/up-nginx-${i}.bin`, "PUT", {})));
      up.nginx = median(runs);
    }
    clearInterval(sampler);
    const row = (label: string, vals: Record<string, number>, unit: string) => {
      const refs = Object.entries(vals).filter(([k]) => k !== "fbe");
      const best = Math.max(...refs.map(([, v]) => v));
      return `${label.padEnd(34)} fbe ${f0(vals.fbe!)} ${unit} | ${refs.map(([k, v]) => `${k} ${f0(v)}`).join(" | ")} | fbe / best ${(vals.fbe! / best).toFixed(2)}`;
    };
    lines.push(row("GET 1 GiB, MB/s (curl)", get, "MB/s"));
    lines.push(row("1 MiB Range reads, req/s (c=16)", range, "req/s"));
    lines.push(row("upload 1 GiB, MB/s (POST / dav PUT)", up, "MB/s"));
    lines.push(
      `  fbe with FBE_TRANSFER_THREADS=auto: Range ${f0(threaded)} req/s, ${(
        threaded /
          Math.max(
            ...Object.entries(range)
              .filter(([k]) => k !== "fbe")
              .map(([, v]) => v),
          )
      ).toFixed(2)} x best`,
    );
    lines.push(`fbe RSS idle ${(idle / 1024).toFixed(0)} MiB, peak ${(peak / 1024).toFixed(0)} MiB`);
    lines.push(
      "goals: GET >= 0.9 x best, Range >= 0.8 x best, upload >= 1 x nginx, RSS idle <= 60 MiB, peak <= 250 MiB",
    );
    return lines;
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
    for (const p of peers) await p.stop();
    for (let i = 0; i < RUNS; i++)
      for (const n of [`up-${i}.bin`, `up-nginx-${i}.bin`]) rmSync(join(root, n), { force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const l of await benchTransfer()) console.log(l);
