/**
 * @module Fault injection against the real binary: a server over a home folder that survives restarts (same files
 * root, database and cache), SIGKILL at a random moment of an operation, and the checks made after a restart: the
 * temp files of the killed run are swept, the store passes `PRAGMA integrity_check`, files hash as before.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, lstatSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { serverCommand } from "./server";

/** Prefix of the server's temp files (src/server/constants.ts UPLOAD_TEMP_PREFIX). */
export const TEMP_PREFIX = ".fbe-upload-";
export const ADMIN = { username: "admin", password: "kill-points-pass-1" };

/** One run of the server over `home` (files in home/files, store home/fbe.db, cache home/cache). */
export interface Running {
  url: string;
  proc: ChildProcess;
  output: () => string;
  token: string;
}

/** Paths of a home folder. */
export function homePaths(home: string): { root: string; db: string; cache: string } {
  return { root: join(home, "files"), db: join(home, "fbe.db"), cache: join(home, "cache") };
}

/**
 * Starts the server over `home` (root overridable, e.g. a small tmpfs) and logs in as the admin; resolves once
 * it answers. Rejects with its output when it exits first or does not listen within 20 s.
 */
export async function boot(
  home: string,
  opts: { root?: string; env?: Record<string, string>; wrap?: string[] | null } = {},
): Promise<Running> {
  const p = homePaths(home);
  const root = opts.root ?? p.root;
  mkdirSync(root, { recursive: true });
  const [cmd, ...pre] = [...(opts.wrap ?? []), ...serverCommand()];
  const args = [
    ...pre,
    "-p",
    "0",
    "-a",
    "127.0.0.1",
    "-r",
    root,
    "-d",
    p.db,
    "--cache-dir",
    p.cache,
    "--username",
    ADMIN.username,
    "--password",
    ADMIN.password,
  ];
  const proc = spawn(cmd, args, { env: { ...process.env, ...opts.env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 20 s:\n${out}`)), 20_000);
    proc.stdout!.on("data", () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ""));
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const res = await fetch(`${url}/api/login`, { method: "POST", body: JSON.stringify(ADMIN) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return { url, proc, output: () => out, token: await res.text() };
}

/** SIGKILLs the server and waits until it is gone. */
export async function kill9(r: Running): Promise<void> {
  if (r.proc.exitCode !== null || r.proc.signalCode !== null) return;
  const gone = new Promise((resolve) => r.proc.once("exit", resolve));
  r.proc.kill("SIGKILL");
  await gone;
}

/** Stops the server with SIGTERM (SIGKILL after 5 s). */
export async function stop(r: Running): Promise<void> {
  if (r.proc.exitCode !== null || r.proc.signalCode !== null) return;
  const gone = new Promise((resolve) => r.proc.once("exit", resolve));
  r.proc.kill("SIGTERM");
  const timer = setTimeout(() => r.proc.kill("SIGKILL"), 5000);
  await gone;
  clearTimeout(timer);
}

/** fetch on the API (`path` after /api) with the admin token. */
export function api(
  r: Running,
  method: string,
  path: string,
  body?: BodyInit | null,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${r.url}/api${path}`, {
    method,
    body,
    headers: { "X-Auth": r.token, ...headers },
    duplex: "half",
  } as RequestInit);
}

/** A body of `total` random bytes sent in `chunk`-byte pieces with `pauseMs` between them; `bytes` is what is sent. */
export function slowBody(
  total: number,
  chunk: number,
  pauseMs: number,
): { stream: ReadableStream<Uint8Array>; bytes: Uint8Array } {
  const bytes = new Uint8Array(randomBytes(total));
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(ctl) {
      if (at >= total) return ctl.close();
      if (at > 0 && pauseMs > 0) await Bun.sleep(pauseMs);
      ctl.enqueue(bytes.subarray(at, Math.min(total, at + chunk)));
      at += chunk;
    },
  });
  return { stream, bytes };
}

/** Waits until the file index finished a walk (the start walk is also the temp sweep); fails after 15 s. */
export async function indexReady(r: Running): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const res = await api(r, "GET", "/search-index");
    if (res.status === 200) {
      const s = (await res.json()) as { state: string; building: boolean };
      if (s.state === "ready" && !s.building) return;
    }
    await Bun.sleep(50);
  }
  throw new Error("the file index did not get ready in 15 s");
}

/** The trash folder's name (src/server/fs/temp-name.ts TRASH_DIR_NAME): of the temp family, but kept. */
export const TRASH_DIR = `${TEMP_PREFIX}trash`;
/** The versions folder's name (VERSIONS_DIR_NAME), kept like the trash. */
export const VERSIONS_DIR = `${TEMP_PREFIX}versions`;

/** Every temp name below `root` (relative paths), found by a plain recursive read; the kept folders are no temps. */
export function tempFiles(root: string): string[] {
  return walk(root).filter((rel) => {
    const parts = rel.split("/");
    return parts[0] !== TRASH_DIR && parts[0] !== VERSIONS_DIR && parts.some((part) => part.startsWith(TEMP_PREFIX));
  });
}

/** Polls until no temp file is left below `root` (the sweep removes them after the walk reports them); returns what is left after 5 s. */
export async function tempsGone(root: string): Promise<string[]> {
  let left = tempFiles(root);
  for (let i = 0; i < 100 && left.length > 0; i++) {
    await Bun.sleep(50);
    left = tempFiles(root);
  }
  return left;
}

/** sha256 of every regular file below `dir`, keyed by relative path (folders listed with ""), temp files included. */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of walk(dir)) {
    const abs = join(dir, rel);
    const st = lstatSync(abs);
    out[rel] = st.isFile() ? createHash("sha256").update(readFileSync(abs)).digest("hex") : "";
  }
  return out;
}

/** sha256 of some bytes. */
export function sha(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** `PRAGMA integrity_check` of the store at `dbPath` (read-only; "ok" when whole). */
export function integrity(dbPath: string): string {
  const db = new Database(dbPath, { readonly: true });
  try {
    return (db.query("PRAGMA integrity_check").all() as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join("; ");
  } finally {
    db.close();
  }
}

/** Runs a read-only query on the store at `dbPath`. */
export function queryStore<T>(dbPath: string, sql: string): T[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.query(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** A whole number of ms in [min, max). */
export function randomDelay(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min));
}

function walk(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(join(dir, prefix));
  } catch {
    return out;
  }
  for (const name of names) {
    const rel = prefix ? `${prefix}/${name}` : name;
    out.push(rel);
    if (lstatSync(join(dir, rel)).isDirectory()) out.push(...walk(dir, rel));
  }
  return out;
}

/** A small tmpfs files root: `root` is the path the server is given, `view(r)` where the test sees it. */
export interface SmallDisk {
  root: string;
  /** Command prefix the server runs under (null: none); see smallDisk. */
  wrap: string[] | null;
  /** The files root as the test process sees it while the server `r` runs. */
  view(r: Running): string;
  /** Unmounts (no-op when the mount lives in the server's own namespace, gone with it). */
  unmount(): void;
}

/**
 * A tmpfs of `size` (e.g. "2m") as a files root at `dir`, holding `seed` (relative path -> content; a name ending
 * in "/" is a folder), read-only when asked. As root it mounts it directly; where mounting is refused (or with
 * FBE_TEST_DISK=unshare) the server runs under `unshare -rm`, which mounts it in a namespace of its own, and the
 * test reads it through /proc/<pid>/root. Never skipped: throws when neither way works.
 */
export function smallDisk(
  dir: string,
  size: string,
  seed: Record<string, string | Uint8Array>,
  readOnly = false,
): SmallDisk {
  mkdirSync(dir, { recursive: true });
  const run = (args: string[]) => Bun.spawnSync(args, { stderr: "pipe" });
  if (
    process.env.FBE_TEST_DISK !== "unshare" &&
    run(["mount", "-t", "tmpfs", "-o", `size=${size},mode=0755`, "tmpfs", dir]).exitCode === 0
  ) {
    plant(dir, seed);
    if (readOnly && run(["mount", "-o", "remount,ro", dir]).exitCode !== 0)
      throw new Error(`remounting ${dir} read-only failed`);
    return { root: dir, wrap: null, view: () => dir, unmount: () => void run(["umount", "-l", dir]) };
  }
  const seedDir = `${dir}.seed`;
  mkdirSync(seedDir, { recursive: true });
  plant(seedDir, seed);
  const script =
    'mount -t tmpfs -o "size=$1,mode=0755" tmpfs "$2" && cp -a "$3/." "$2/" && if [ "$4" = ro ]; then mount -o remount,ro "$2"; fi && shift 4 && exec "$@"';
  const probe = run(["unshare", "-rm", "sh", "-c", script, "sh", size, dir, seedDir, "rw", "true"]);
  if (probe.exitCode !== 0)
    throw new Error(`neither mount nor unshare -rm can make a tmpfs root: ${probe.stderr.toString()}`);
  return {
    root: dir,
    wrap: ["unshare", "-rm", "sh", "-c", script, "sh", size, dir, seedDir, readOnly ? "ro" : "rw"],
    view: (r) => `/proc/${r.proc.pid}/root${dir}`,
    unmount: () => {},
  };
}

function plant(dir: string, seed: Record<string, string | Uint8Array>): void {
  for (const [rel, content] of Object.entries(seed)) {
    if (rel.endsWith("/")) mkdirSync(join(dir, rel), { recursive: true });
    else writeFileSync(join(dir, rel), content);
  }
}
