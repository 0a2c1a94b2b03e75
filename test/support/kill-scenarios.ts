/**
 * @module The operations the kill tests interrupt, each with what must hold after a restart: trash and restore of
 * 1,000 files, upload, save, copy, move, unarchive (a task), user creation and settings save. runKillRounds boots, starts one operation, SIGKILLs
 * the server after a random delay, restarts and checks: no temp file left once the start walk swept, no partial
 * file under a target name, originals hashing as before, `PRAGMA integrity_check` = ok, a task killed while doing
 * failed 'interrupted by restart'.
 */
import { expect } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { TestServer } from "./server";
import { openTaskSocket } from "./task-socket";
import { queued } from "./task-helpers";
import { makeSevenZip, textBytes } from "./archives";
import {
  api,
  boot,
  hashTree,
  homePaths,
  indexReady,
  integrity,
  kill9,
  queryStore,
  randomDelay,
  sha,
  slowBody,
  stop,
  tempsGone,
  TRASH_DIR,
  VERSIONS_DIR,
  type Running,
} from "./kill-points";

/** One kind of operation: `setup` fills the fresh home once, `op` runs it (killed at some point), `check` runs after the restart. */
export interface KillScenario {
  name: string;
  /** Random kill delay range (ms after the operation started). */
  delay: [number, number];
  setup(root: string): void;
  op(r: Running, root: string, round: number): Promise<unknown>;
  /** Throws on a broken invariant; else names the state the kill left (e.g. "absent", "whole", "old", "new"). */
  check(r: Running, root: string, round: number, home: string): Promise<string> | string;
}

/** Totals of a series of rounds: kills sent and broken invariants found (a failed expect throws, so those are 0 when it returns). */
export interface KillTotals {
  kills: number;
  rounds: number;
  /** How many rounds ended in each state (see KillScenario.check). */
  outcomes: Record<string, number>;
}

/**
 * A server over one home that operations are killed in, round after round; the restart after one kill serves the
 * next round. open() prepares every scenario's files first, so several scenarios share one home and its boots.
 */
export class KillSession {
  private r: Running | null = null;
  private readonly paths: { root: string; db: string };

  constructor(readonly home: string) {
    this.paths = homePaths(home);
  }

  /** Sets up `scenarios` in the files root and starts the server. */
  async open(scenarios: readonly KillScenario[]): Promise<void> {
    mkdirSync(this.paths.root, { recursive: true });
    for (const s of scenarios) s.setup(this.paths.root);
    this.r = await boot(this.home);
  }

  /** One round: starts `s`, SIGKILLs after a random delay, restarts, checks; returns the state left (KillScenario.check). */
  async round(s: KillScenario, round: number): Promise<string> {
    const { root, db } = this.paths;
    await indexReady(this.r!);
    const running = s.op(this.r!, root, round).catch(() => null);
    await Bun.sleep(randomDelay(s.delay[0], s.delay[1]));
    await kill9(this.r!);
    await running;
    this.r = await boot(this.home);
    await indexReady(this.r);
    expect({ scenario: s.name, round, left: await tempsGone(root) }).toEqual({ scenario: s.name, round, left: [] });
    expect({ scenario: s.name, round, integrity: integrity(db) }).toEqual({ scenario: s.name, round, integrity: "ok" });
    expect({ scenario: s.name, round, versions: versionsMismatch(root, db) }).toEqual({
      scenario: s.name,
      round,
      versions: [],
    });
    return s.check(this.r, root, round, this.home);
  }

  /** Stops the server. */
  async close(): Promise<void> {
    if (this.r) await stop(this.r);
  }
}

/**
 * What does not match between the versions table and the versions folder after a restart: a row whose content is
 * missing, or a content without its row (docs/ARCHITECTURE.md "Versions"). Empty when they match.
 */
function versionsMismatch(root: string, db: string): string[] {
  const rows = queryStore<{ id: string; store_dir: string }>(db, "SELECT id, store_dir FROM versions");
  const out = rows.filter((r) => !existsSync(join(r.store_dir, r.id))).map((r) => `row without content ${r.id}`);
  const dir = join(root, VERSIONS_DIR);
  const ids = new Set(rows.map((r) => r.id));
  for (const name of existsSync(dir) ? readdirSync(dir) : [])
    if (!ids.has(name)) out.push(`content without row ${name}`);
  return out;
}

/** Runs `rounds` kill rounds of `s` over one fresh `home`; every check throws on a broken invariant. */
export async function runKillRounds(s: KillScenario, home: string, rounds: number): Promise<KillTotals> {
  const session = new KillSession(home);
  const outcomes: Record<string, number> = {};
  let kills = 0;
  try {
    await session.open([s]);
    for (let round = 0; round < rounds; round++) {
      const outcome = await session.round(s, round);
      kills++;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  } finally {
    await session.close();
  }
  return { kills, rounds, outcomes };
}

const MB = 1024 * 1024;
const PARTS = 4;

/** Upload of a slow 8 MB body: the target is absent or whole. */
function uploadScenario(): KillScenario {
  const bodies: string[] = [];
  return {
    name: "upload",
    delay: [0, 400],
    setup: (root) => mkdirSync(join(root, "up")),
    op: async (r, _root, round) => {
      const body = slowBody(8 * MB, 256 * 1024, 8);
      bodies[round] = sha(body.bytes);
      return api(r, "POST", `/resources/up/f${round}.bin`, body.stream);
    },
    check: (_r, root, round) => {
      const f = join(root, "up", `f${round}.bin`);
      if (!existsSync(f)) return "absent";
      expect(sha(readFileSync(f))).toBe(bodies[round]);
      return "whole";
    },
  };
}

/** Save over an existing file: it holds the old or the new content, never a mix. */
function saveScenario(): KillScenario {
  let current = "";
  let next = "";
  return {
    name: "save",
    delay: [0, 300],
    setup: (root) => {
      const first = randomBytes(2 * MB);
      writeFileSync(join(root, "doc.txt"), first);
      current = sha(first);
    },
    op: async (r) => {
      const body = slowBody(6 * MB, 256 * 1024, 5);
      next = sha(body.bytes);
      return api(r, "PUT", "/resources/doc.txt", body.stream);
    },
    check: (_r, root) => {
      const now = sha(readFileSync(join(root, "doc.txt")));
      expect([current, next]).toContain(now);
      const outcome = now === current ? "old" : "new";
      current = now;
      return outcome;
    },
  };
}

/** Folder copy: the source is untouched, the copy absent or whole. */
function copyScenario(): KillScenario {
  let source: Record<string, string> = {};
  return {
    name: "copy",
    // A copy of 24 MB takes some tens of ms from the page cache: kills land before, during and after it.
    delay: [0, 120],
    setup: (root) => {
      mkdirSync(join(root, "src", "deep"), { recursive: true });
      for (let i = 0; i < 192; i++)
        writeFileSync(join(root, "src", i % 3 ? "deep" : "", `f${i}.bin`), randomBytes(128 * 1024));
      source = hashTree(join(root, "src"));
    },
    op: (r, _root, round) =>
      api(r, "PATCH", `/resources/src/?action=copy&destination=${encodeURIComponent(`/copy${round}/`)}`),
    check: (_r, root, round) => {
      expect(hashTree(join(root, "src"))).toEqual(source);
      if (!existsSync(join(root, `copy${round}`))) return "absent";
      expect(hashTree(join(root, `copy${round}`))).toEqual(source);
      return "whole";
    },
  };
}

/** Folder move (a rename): the folder is whole in exactly one place. */
function moveScenario(): KillScenario {
  let tree: Record<string, string> = {};
  return {
    name: "move",
    delay: [0, 60],
    setup: (root) => {
      mkdirSync(join(root, "a", "box"), { recursive: true });
      mkdirSync(join(root, "b"));
      for (let i = 0; i < 40; i++) writeFileSync(join(root, "a", "box", `f${i}.bin`), randomBytes(32 * 1024));
      tree = hashTree(join(root, "a", "box"));
    },
    op: (r, root) => {
      const [from, to] = existsSync(join(root, "a", "box")) ? ["a", "b"] : ["b", "a"];
      return api(r, "PATCH", `/resources/${from}/box/?action=rename&destination=${encodeURIComponent(`/${to}/box/`)}`);
    },
    check: (_r, root) => {
      const places = ["a", "b"].filter((d) => existsSync(join(root, d, "box")));
      expect(places.length).toBe(1);
      expect(hashTree(join(root, places[0], "box"))).toEqual(tree);
      return `in ${places[0]}`;
    },
  };
}

/** Unarchive task: the archive is intact; a task killed while doing is failed 'interrupted by restart' with no output. */
function unarchiveScenario(): KillScenario {
  let archive = "";
  return {
    name: "unarchive",
    delay: [50, 700],
    setup: (root) => {
      const tree: Record<string, Uint8Array> = {};
      // Small enough to build in about a second, slow enough to extract (LZMA at -mx=9) for a kill to land inside.
      for (let i = 0; i < PARTS; i++) tree[`part${i}.txt`] = textBytes(MB);
      makeSevenZip({ dest: join(root, "pack.7z"), tree: { pack: tree }, extra: ["-mx=9"] });
      archive = sha(readFileSync(join(root, "pack.7z")));
    },
    op: async (r, _root, round) => {
      const ws = await openTaskSocket({ url: r.url } as TestServer, r.token);
      await queued(ws, {
        Task: "unarchive",
        TargetPath: "/pack.7z",
        Params: { archiveOutput: `out${round}`, archiveRm: false },
      });
      await ws.closed;
    },
    check: async (_r, root, round, home) => {
      expect(sha(readFileSync(join(root, "pack.7z")))).toBe(archive);
      const last = () =>
        queryStore<{ status: number; message: string }>(
          homePaths(home).db,
          "SELECT status, message FROM tasks ORDER BY id DESC LIMIT 1",
        );
      // A task still pending at the kill runs after the restart: wait for its end.
      let rows = last();
      for (let i = 0; i < 400 && rows[0] && rows[0].status < 3; i++) {
        await Bun.sleep(50);
        rows = last();
      }
      const out = join(root, `out${round}`, "pack");
      if (!rows[0]) return "not queued";
      if (rows[0].status === 4) {
        expect(Object.keys(hashTree(out)).length).toBe(PARTS);
        return "done";
      }
      expect(rows[0]).toEqual({ status: 5, message: "interrupted by restart" });
      expect(existsSync(out)).toBe(false);
      return "interrupted";
    },
  };
}

/** A stream of user creations: every user answered 201 is there after the restart and logs in. */
function usersScenario(): KillScenario {
  const answered: string[] = [];
  return {
    name: "users",
    // Each creation hashes a password (some hundred ms): kills land between and inside creations.
    delay: [100, 1500],
    setup: () => {},
    op: async (r, _root, round) => {
      for (let i = 0; ; i++) {
        const username = `u${round}x${i}`;
        const res = await api(
          r,
          "POST",
          "/users",
          JSON.stringify({ what: "user", which: [], data: { username, password: "a-long-password-123" } }),
          { "Content-Type": "application/json" },
        );
        if (res.status === 201) answered.push(username);
      }
    },
    check: async (r) => {
      const last = answered.at(-1);
      if (!last) return "none created";
      const res = await fetch(`${r.url}/api/login`, {
        method: "POST",
        body: JSON.stringify({ username: last, password: "a-long-password-123" }),
      });
      expect({ user: last, status: res.status }).toEqual({ user: last, status: 200 });
      const list = (await (await api(r, "GET", "/users")).json()) as { username: string }[];
      const names = new Set(list.map((u) => u.username));
      expect(answered.filter((u) => !names.has(u))).toEqual([]);
      return "all kept";
    },
  };
}

/** A stream of settings saves: the settings read back are the last answered save or a later one. */
function settingsScenario(): KillScenario {
  let answered = -1;
  let sent = -1;
  return {
    name: "settings",
    delay: [20, 400],
    setup: () => {},
    op: async (r) => {
      for (;;) {
        const n = sent + 1;
        sent = n;
        const res = await api(r, "PUT", "/settings", JSON.stringify({ branding: { name: `name-${n}` } }), {
          "Content-Type": "application/json",
        });
        if (res.status === 200) answered = n;
      }
    },
    check: async (r) => {
      const s = (await (await api(r, "GET", "/settings")).json()) as { branding: { name: string } };
      if (answered < 0) return "none saved";
      const n = Number(/^name-(\d+)$/.exec(s.branding.name)?.[1] ?? -1);
      expect({ stored: n, answered, sent, ok: n >= answered && n <= sent }).toEqual({
        stored: n,
        answered,
        sent,
        ok: true,
      });
      return n === answered ? "last answered" : "later save";
    },
  };
}

/** Runs `fn` over `items`, `width` at a time. */
async function inPool<T>(items: readonly T[], width: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * Trash: 1,000 files go into the trash (even rounds) or come back from it (odd rounds), 8 requests at a time.
 * After each restart every file is in exactly one place, whole: at its path, or in the trash with its row; no row
 * without its item, no entry folder without its row, no row left on its way in.
 */
function trashScenario(): KillScenario {
  const FILES = 1000;
  const hashes = new Map<string, string>();
  const names = Array.from({ length: FILES }, (_, i) => `d${i % 10}/f${i}.bin`);
  return {
    name: "trash",
    delay: [0, 1500],
    setup: (root) => {
      for (let d = 0; d < 10; d++) mkdirSync(join(root, "t", `d${d}`), { recursive: true });
      for (const name of names) {
        const bytes = randomBytes(512 + (hashes.size % 7) * 100);
        writeFileSync(join(root, "t", name), bytes);
        hashes.set(name, sha(bytes));
      }
    },
    op: async (r, root, round) => {
      if (round % 2 === 0) {
        const here = names.filter((n) => existsSync(join(root, "t", n)));
        await inPool(here, 8, (n) => api(r, "DELETE", `/resources/t/${n}`));
      } else {
        const { items } = (await (await api(r, "GET", "/trash")).json()) as { items: { id: string }[] };
        await inPool(items, 8, (it) => api(r, "POST", `/trash/${it.id}/restore`, JSON.stringify({ conflict: "fail" })));
      }
    },
    check: (_r, root, round, home) => {
      const rows = queryStore<{ id: string; path: string; trash_dir: string; state: string }>(
        homePaths(home).db,
        "SELECT id, path, trash_dir, state FROM trash",
      );
      expect({ round, moving: rows.filter((row) => row.state !== "trashed").length }).toEqual({ round, moving: 0 });
      const trashDir = join(root, TRASH_DIR);
      const byPath = new Map<string, string>();
      for (const row of rows) {
        const item = join(row.trash_dir, row.id, row.path.split("/").pop()!);
        expect({ round, row: row.id, there: existsSync(item) }).toEqual({ round, row: row.id, there: true });
        expect(byPath.has(row.path)).toBe(false);
        byPath.set(row.path, item);
      }
      const folders = existsSync(trashDir) ? readdirSync(trashDir) : [];
      expect({ round, foldersWithoutRow: folders.filter((id) => !rows.some((row) => row.id === id)) }).toEqual({
        round,
        foldersWithoutRow: [],
      });
      let inTrash = 0;
      for (const name of names) {
        const at = join(root, "t", name);
        const trashed = byPath.get(`/t/${name}`);
        expect({ round, name, places: Number(existsSync(at)) + Number(trashed !== undefined) }).toEqual({
          round,
          name,
          places: 1,
        });
        expect(sha(readFileSync(trashed ?? at))).toBe(hashes.get(name)!);
        if (trashed) inTrash++;
      }
      return inTrash === 0 ? "all back" : inTrash === FILES ? "all in trash" : "some in trash";
    },
  };
}

/** Every scenario, in a fixed order. */
export function killScenarios(): KillScenario[] {
  return [
    trashScenario(),
    uploadScenario(),
    saveScenario(),
    copyScenario(),
    moveScenario(),
    unarchiveScenario(),
    usersScenario(),
    settingsScenario(),
  ];
}
