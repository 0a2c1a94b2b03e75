/**
 * Load test of the built binary: 200 concurrent clients (autocannon) for FBE_LOAD_SECONDS (default 60) mixing
 * listings of a folder of 3,000 entries, downloads, 1 MiB Range reads of a 64 MiB file, uploads, renames and
 * logins. Asserts no failed request (a rename onto a taken name answering 409 is expected), a bounded RSS, no
 * file-descriptor leak and an intact tree afterwards; prints p50/p99 per call kind.
 * Run: `bun test ./test/stress/load.stress.ts` after `bun scripts/build.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Database } from "bun:sqlite";
import autocannon from "autocannon";
import PipelinedRequestsQueue from "autocannon/lib/pipelinedRequestsQueue.js";
import { login, startServer, type ProcessServer } from "../support/server";
import { makeUser } from "../support/factories";

const SECONDS = Number(process.env.FBE_LOAD_SECONDS) || 60;
const LISTING_ENTRIES = 3000;
const BIG_BYTES = 64 * 1024 * 1024;
const MIB = 1024 * 1024;
const UPLOAD_BYTES = 256 * 1024;
/** Rename slots: more than rename connections, so each request takes a free one and nobody races for it. */
const RENAME_SLOTS = 64;
const LOGIN_USERS = 4;
const RSS_LIMIT_MIB = 400;
const FD_MARGIN = 8;

// autocannon keeps every response body as text, decoding it chunk by chunk: a 64 MiB download then costs the
// client fifteen times what it costs the server (measured: 1.3 s against 0.1 s with fetch). No check here reads a
// body, so the chunks are dropped and the figures measure the server.
PipelinedRequestsQueue.prototype.addBody = () => {};

/** One call kind: its connections, its expected statuses and how each request is made. */
interface Kind {
  name: string;
  connections: number;
  expected: number[];
  request: autocannon.Request;
  /** Requests per second over all its connections (unset: as fast as answered). */
  rate?: number;
}

let server: ProcessServer;
let root: string;
let admin: string;
const users: { username: string; password: string }[] = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "fbe-load-"));
  mkdirSync(join(root, "list"));
  for (let i = 0; i < LISTING_ENTRIES; i++)
    writeFileSync(join(root, "list", `entry-${String(i).padStart(5, "0")}.txt`), `entry ${i}\n`);
  mkdirSync(join(root, "files"));
  writeFileSync(join(root, "files", "small.txt"), "small file\n".repeat(100));
  writeFileSync(join(root, "files", "mid.bin"), randomBytes(MIB));
  const big = Buffer.alloc(BIG_BYTES);
  for (let o = 0; o < BIG_BYTES; o += MIB) randomBytes(1024).copy(big, o);
  writeFileSync(join(root, "files", "big.bin"), big);
  mkdirSync(join(root, "uploads"));
  mkdirSync(join(root, "renames"));
  for (let s = 0; s < RENAME_SLOTS; s++) writeFileSync(join(root, "renames", `slot${s}-0.txt`), `slot ${s}\n`);
  writeFileSync(join(root, "renames", "taken.txt"), "taken\n");
  writeFileSync(join(root, "renames", "anchor.txt"), "anchor\n");
  server = await startServer({ root, binary: true });
  admin = await login(server);
  for (let i = 0; i < LOGIN_USERS; i++) {
    const u = await makeUser(server, admin, { password: `load-password-${i}-xyz`, login: false });
    users.push({ username: u.username, password: u.password });
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Entries in the server's activity log so far (read-only, beside the running server). */
function activityEntries(): number {
  const db = new Database(join(server.home, "fbe.db"), { readonly: true });
  try {
    return (db.query("SELECT COUNT(*) AS n FROM activity").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The kinds of calls, 200 connections in all. */
function kinds(): Kind[] {
  const auth = { "X-Auth": admin };
  let downloads = 0;
  let uploads = 0;
  let logins = 0;
  let renames = 0;
  const slotGen = Array.from({ length: RENAME_SLOTS }, () => 0);
  const busy = new Set<number>();
  const body = randomBytes(UPLOAD_BYTES);
  return [
    {
      name: "listing",
      connections: 50,
      expected: [200],
      request: { method: "GET", path: "/api/resources/list/", headers: auth },
    },
    {
      name: "download",
      connections: 40,
      expected: [200],
      request: {
        method: "GET",
        headers: auth,
        setupRequest: (req) => ({
          ...req,
          path: ++downloads % 2 ? "/api/raw/files/mid.bin" : "/api/raw/files/small.txt",
        }),
      },
    },
    {
      name: "download 64 MiB",
      connections: 2,
      expected: [200],
      request: { method: "GET", path: "/api/raw/files/big.bin", headers: auth },
    },
    {
      name: "range 1 MiB",
      connections: 48,
      expected: [206],
      request: {
        method: "GET",
        path: "/api/raw/files/big.bin",
        setupRequest: (req) => {
          const start = Math.floor(Math.random() * (BIG_BYTES / MIB)) * MIB;
          return { ...req, headers: { ...auth, Range: `bytes=${start}-${start + MIB - 1}` } };
        },
      },
    },
    {
      name: "upload",
      connections: 30,
      expected: [200],
      request: {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/octet-stream" },
        body,
        setupRequest: (req) => ({ ...req, path: `/api/resources/uploads/u${++uploads % 500}.bin?override=true` }),
      },
    },
    {
      // Each slot is renamed by one connection at a time (a free one is picked); every 8th request renames a fixed
      // file onto another existing one without override: 409, and neither moves.
      name: "rename",
      connections: 26,
      expected: [200, 409],
      request: {
        method: "PATCH",
        headers: auth,
        setupRequest: (req, context) => {
          const slot = ++renames % 8 === 0 ? undefined : [...Array(RENAME_SLOTS).keys()].find((s) => !busy.has(s));
          context.slot = slot;
          if (slot === undefined)
            return {
              ...req,
              path: `/api/resources/renames/taken.txt?action=rename&destination=${encodeURIComponent("/renames/anchor.txt")}`,
            };
          busy.add(slot);
          return {
            ...req,
            path: `/api/resources/renames/slot${slot}-${slotGen[slot]}.txt?action=rename&destination=${encodeURIComponent(`/renames/slot${slot}-${slotGen[slot] + 1}.txt`)}`,
          };
        },
        onResponse: (status, _body, context) => {
          const slot = context.slot as number | undefined;
          if (slot === undefined) return;
          if (status === 200) slotGen[slot]++;
          busy.delete(slot);
        },
      },
    },
    {
      name: "login",
      connections: 4,
      expected: [200],
      rate: 4,
      request: {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        setupRequest: (req) => ({ ...req, path: "/api/login", body: JSON.stringify(users[++logins % users.length]) }),
      },
    },
  ];
}

/** VmRSS or VmHWM of the server process in MiB. */
function memoryMib(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : 0;
}

const openFds = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** Runs one kind for SECONDS and returns autocannon's result. */
function run(kind: Kind): Promise<autocannon.Result> {
  return autocannon({
    url: server.origin,
    connections: kind.connections,
    duration: SECONDS,
    timeout: 30,
    requests: [kind.request],
    ...(kind.rate ? { overallRate: kind.rate } : {}),
  });
}

/** Requests of `result` that failed: errors, timeouts, and statuses outside `expected`. */
function failuresOf(result: autocannon.Result, expected: number[]): number {
  const bad = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !expected.includes(Number(code)))
    .reduce((n, [, s]) => n + s.count, 0);
  return bad + result.errors + result.timeouts;
}

describe("load", () => {
  it(
    `serves 200 clients for ${SECONDS} s without a failed request, a memory or descriptor leak, or a damaged tree`,
    async () => {
      const pid = server.process.pid!;
      const list = kinds();
      // Warm every path once (listing cache, watchers, thread pool) so the descriptor count compares like with like.
      const warm = await Promise.all(
        list.map((k) => autocannon({ url: server.origin, connections: 1, amount: 2, requests: [k.request] })),
      );
      expect(warm.map((r) => r.errors)).toEqual(list.map(() => 0));
      await Bun.sleep(1000);
      const fdsBefore = openFds(pid);
      let rssMax = 0;
      let fdsPeak = 0;
      const sampler = setInterval(() => {
        rssMax = Math.max(rssMax, memoryMib(pid, "VmRSS"));
        fdsPeak = Math.max(fdsPeak, openFds(pid));
      }, 250);
      const started = performance.now();
      const results = await Promise.all(list.map(run));
      clearInterval(sampler);
      const elapsed = (performance.now() - started) / 1000;
      const hwm = memoryMib(pid, "VmHWM");

      let fdsAfter = openFds(pid);
      for (let i = 0; i < 20 && fdsAfter > fdsBefore + FD_MARGIN; i++) {
        await Bun.sleep(500);
        fdsAfter = openFds(pid);
      }

      const rows = list.map((k, i) => {
        const r = results[i];
        const codes = Object.entries(r.statusCodeStats ?? {})
          .map(([c, s]) => `${c}:${s.count}`)
          .join(" ");
        return {
          kind: k.name,
          conns: k.connections,
          requests: r.requests.total,
          "req/s": Math.round(r.requests.total / elapsed),
          p50_ms: r.latency.p50,
          p99_ms: r.latency.p99,
          max_ms: r.latency.max,
          statuses: codes,
          failed: failuresOf(r, k.expected),
        };
      });
      const total = rows.reduce((a, r) => ({ requests: a.requests + r.requests, failed: a.failed + r.failed }), {
        requests: 0,
        failed: 0,
      });
      const all = results.reduce(
        (a, r) => ({
          p50: Math.max(a.p50, r.latency.p50),
          p99: Math.max(a.p99, r.latency.p99),
          max: Math.max(a.max, r.latency.max),
        }),
        { p50: 0, p99: 0, max: 0 },
      );
      console.table([
        ...rows,
        {
          kind: "total (worst p50/p99)",
          conns: list.reduce((n, k) => n + k.connections, 0),
          requests: total.requests,
          "req/s": Math.round(total.requests / elapsed),
          p50_ms: all.p50,
          p99_ms: all.p99,
          max_ms: all.max,
          statuses: "",
          failed: total.failed,
        },
      ]);
      console.log(
        `load: ${total.requests} requests in ${elapsed.toFixed(1)} s (${Math.round(total.requests / elapsed)} req/s), ${total.failed} failed; RSS max ${rssMax.toFixed(0)} MiB sampled, ${hwm.toFixed(0)} MiB peak; fds ${fdsBefore} before, ${fdsPeak} at most during, ${fdsAfter} after`,
      );

      // Every write of the run is one activity log entry (docs/ARCHITECTURE.md "Activity log"), written in batches.
      const writes = rows
        .filter((r) => ["upload", "rename", "login"].includes(String(r.kind)))
        .reduce((n, r) => n + Number(r.requests), 0);
      let logged = activityEntries();
      for (let i = 0; i < 20 && logged < writes; i++) {
        await Bun.sleep(100);
        logged = activityEntries();
      }
      console.log(`activity log: ${logged} entries for ${writes} writes (${Math.round(logged / elapsed)} entries/s)`);
      expect(logged).toBeGreaterThanOrEqual(writes);

      expect(rows.filter((r) => r.failed > 0)).toEqual([]);
      expect(rows.every((r) => r.requests > 0)).toBe(true);
      expect(hwm).toBeLessThan(RSS_LIMIT_MIB);
      expect(fdsAfter).toBeLessThanOrEqual(fdsBefore + FD_MARGIN);

      // Nothing damaged: every rename slot exists exactly once, every upload is whole, the big file is unchanged.
      const renamed = readdirSync(join(root, "renames")).filter((n) => n.startsWith("slot"));
      expect(renamed.length).toBe(RENAME_SLOTS);
      expect(new Set(renamed.map((n) => n.split("-")[0])).size).toBe(RENAME_SLOTS);
      const uploaded = readdirSync(join(root, "uploads")).filter((n) => !n.startsWith("."));
      expect(uploaded.filter((n) => statSync(join(root, "uploads", n)).size !== UPLOAD_BYTES)).toEqual([]);
      expect(statSync(join(root, "files", "big.bin")).size).toBe(BIG_BYTES);
      expect(readFileSync(join(root, "renames", "taken.txt"), "utf8")).toBe("taken\n");
      expect(readFileSync(join(root, "renames", "anchor.txt"), "utf8")).toBe("anchor\n");
    },
    (SECONDS + 120) * 1000,
  );
});
