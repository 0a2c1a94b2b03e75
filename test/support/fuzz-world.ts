/**
 * @module The world the route fuzzer runs in: a real server over a small file tree, an admin, a plain user,
 * users that may be changed or deleted, a media token, share links of each kind and a pool of throwaway
 * sessions for logout; plus the one function that sends a fuzzed request and judges its answer.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { makeTree, type Tree } from "./tree";
import { login, startServer, type ProcessServer, type TestServer } from "./server";
import { call, makeUser, type TestUser } from "./factories";

/** The files every run starts from (restored before each route's batch). */
export const FUZZ_TREE: Tree = {
  docs: {
    "readme.md": "# Title\n\n[link](other.md) ![img](pic.jpg)\n",
    "notes.txt": "plain notes\n",
    "info.nfo": "NFO text\n",
  },
  media: {
    "pic.jpg": "not really a jpeg",
    "clip.mp4": "not really a video",
    "song.mp3": "not really audio",
    "clip.srt": "1\n00:00:01,000 --> 00:00:02,000\nhi\n",
  },
  sub: { deep: { "file.bin": new Uint8Array(4096).map((_, i) => i % 251) } },
  uploads: {},
  h: { "a.txt": "a\n", d: { "c.txt": "c\n", e: {} } },
  ".hidden": "hidden\n",
  "ünï cødé.txt": "unicode name\n",
  "%41 100%.txt": "percent name\n",
  "a.zip": "PK not really a zip",
};

/** Real paths of FUZZ_TREE (and a few near misses) the path arbitraries start from, so fuzzed paths often exist. */
export const FUZZ_PATHS = [
  "/",
  "/docs/",
  "/docs/readme.md",
  "/docs/notes.txt",
  "/docs/info.nfo",
  "/media/",
  "/media/pic.jpg",
  "/media/clip.mp4",
  "/media/song.mp3",
  "/media/clip.srt",
  "/sub/",
  "/sub/deep/",
  "/sub/deep/file.bin",
  "/uploads/",
  "/.hidden",
  "/ünï cødé.txt",
  "/%41 100%.txt",
  "/a.zip",
  "/new.txt",
  "/docs/new/",
  "/vtt",
];

/** Who a fuzzed request acts as. `pool` is a throwaway session (for logout); `bogus` a forged token. */
export type AuthKind = "anon" | "admin" | "user" | "media" | "bogus" | "cookie" | "pool";

export interface FuzzWorld {
  server: ProcessServer;
  admin: string;
  /** A user with the defaults for new users: no admin, no execute. */
  user: TestUser;
  /** A user the admin's fuzzed PUTs may change (and whose sessions may end). */
  victim: TestUser;
  /** A user the admin's fuzzed DELETEs may remove. */
  doomed: TestUser;
  /** A read-only media token of the admin for "/". */
  mediaToken: string;
  /** Hashes of a folder link, a file link, a password link and an upload-only link. */
  shares: string[];
  /** Sessions of a plain user spent one per logout call. */
  pool: string[];
  /** The settings as they were after setup, PUT back after a batch that may change them. */
  baseline: unknown;
  cases: number;
  failures: string[];
  /** How much of the server's output stillServing has read. */
  logChecked: number;
  /** How many answers had each status, for the log of coverage. */
  statuses: Map<number, number>;
}

/** Starts the server and builds the world (about 2 s, most of it password hashing). */
export async function startWorld(poolSize: number): Promise<FuzzWorld> {
  const server = await startServer();
  makeTree(server.root, FUZZ_TREE);
  const admin = await login(server);
  // The pool logs in as one user all at once: attempts in flight count against the per-name limit until they succeed.
  await call(server, admin, "PUT", "/settings", { rateLimit: { loginPerUser: 1000, loginPerIp: 1000 } });
  const [user, victim, doomed, spender] = await Promise.all([
    makeUser(server, admin),
    makeUser(server, admin),
    makeUser(server, admin, { login: false }),
    makeUser(server, admin, { login: false }),
  ]);
  const pool = await Promise.all(
    Array.from({ length: poolSize }, () => login(server, spender.username, spender.password)),
  );
  const mediaToken = ((await (await call(server, admin, "GET", "/media-token/")).json()) as { token: string }).token;
  const baseline = await (await call(server, admin, "GET", "/settings")).json();
  return {
    server,
    admin,
    user,
    victim,
    doomed,
    mediaToken,
    shares: await makeShares(server, admin),
    pool,
    baseline,
    cases: 0,
    failures: [],
    logChecked: 0,
    statuses: new Map(),
  };
}

/** A folder link, a file link, a password link and an upload-only link of the admin; returns their hashes. */
async function makeShares(server: TestServer, admin: string): Promise<string[]> {
  const share = async (path: string, body?: unknown) =>
    ((await (await call(server, admin, "POST", `/share${path}`, body)).json()) as { hash: string }).hash;
  return [
    await share("/docs/"),
    await share("/docs/notes.txt"),
    await share("/media/", { password: "secret-pass" }),
    await share("/uploads/", { uploadOnly: true }),
  ];
}

/** Makes the links anew when a deletion of their paths took them (the arbitraries read `w.shares` per route). */
async function ensureShares(w: FuzzWorld): Promise<void> {
  const status = async (hash: string) => (await fetch(`${w.server.origin}/api/public/share/${hash}`)).status;
  const alive = await Promise.all(w.shares.map(status));
  if (alive.join() !== "200,200,401,200") w.shares = await makeShares(w.server, w.admin);
}

/**
 * Unusual but valid global settings the routes are fuzzed under once more: deny rules (a path and a regex),
 * a trusted proxy, thumbnails and HLS off, a one-attempt login ban, open signup with home folders, odd user defaults.
 */
export const ODD_SETTINGS = {
  rules: [
    { allow: false, path: "/docs/notes.txt", regex: false, regexp: { raw: "" } },
    { allow: false, path: "", regex: true, regexp: { raw: "\\.(mp3|srt)$" } },
  ],
  trustProxy: true,
  signup: true,
  createUserDir: true,
  minimumPasswordLength: 1,
  thumbnail: { thumbnailEnabled: false, thumbnailVideo: false, cacheGcProbability: 1000000, cacheExpireTTL: 0 },
  video: { disableHls: true },
  loginBan: { maxAttempts: 1, windowSeconds: 1, banSeconds: 0 },
  defaults: {
    scope: "/users",
    showHidden: true,
    sorting: { by: "size", asc: false },
    perm: { admin: false, create: true },
  },
};

/** Puts the file tree (whatever renames and uploads made of it) back, and the settings as setup left them with `overrides`. */
export async function restoreWorld(w: FuzzWorld, overrides: object = {}): Promise<void> {
  for (const name of Object.keys(FUZZ_TREE)) rmSync(join(w.server.root, name), { recursive: true, force: true });
  makeTree(w.server.root, FUZZ_TREE);
  await call(w.server, w.admin, "PUT", "/settings", w.baseline);
  await ensureShares(w);
  const res = await call(w.server, w.admin, "PUT", "/settings", overrides);
  if (res.status !== 200) throw new Error(`restoring the settings failed: ${res.status} ${await res.text()}`);
}

/** One fuzzed request: method, path and query after the origin, headers, body. */
export interface FuzzRequest {
  method: string;
  url: string;
  auth: AuthKind;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** What gives away the server's insides: stack frames, source paths, raw error dumps. */
const LEAKS: readonly RegExp[] = [
  /^\s+at\s+\S.*:\d+:\d+\)?\s*$/m,
  /\bat\s+(async\s+)?\S+\s+\(\S*:\d+:\d+\)/,
  /\/src\/(server|tasks|shared)\//,
  /\$bunfs/,
  /node_modules\//,
  /\b[A-Z]\w*Error: /,
  /\bError: /,
  /\bpanic\b/i,
  /SQLITE_[A-Z]+/,
];

/** The first leak found in `text`, or null. */
export function leakIn(text: string): string | null {
  for (const re of LEAKS) {
    const m = re.exec(text);
    if (m) return m[0].slice(0, 120);
  }
  return null;
}

/** Adds the credentials of `req.auth` to its URL and headers. */
function withAuth(w: FuzzWorld, req: FuzzRequest): { url: string; headers: Record<string, string> } {
  const headers = { ...req.headers };
  let url = req.url;
  const q = (v: string) => `${url.includes("?") ? "&" : "?"}auth=${encodeURIComponent(v)}`;
  switch (req.auth) {
    case "admin":
      headers["X-Auth"] = w.admin;
      break;
    case "user":
      headers["X-Auth"] = w.user.token;
      break;
    case "media":
      url += q(w.mediaToken);
      break;
    case "bogus":
      headers["X-Auth"] = `${w.admin.slice(0, -4)}AAAA`;
      break;
    case "cookie":
      headers.Cookie = `auth=${w.admin}`;
      break;
    case "pool": {
      const t = w.pool.pop();
      if (t) headers["X-Auth"] = t;
      break;
    }
  }
  return { url, headers };
}

/**
 * Sends `req` and returns what is wrong with the answer, or null: a 5xx, no answer within 20 s, a broken
 * connection, an error body that is not `<code> <reason>...` text, or a leak of the server's insides.
 */
export async function judge(w: FuzzWorld, req: FuzzRequest): Promise<string | null> {
  const { url, headers } = withAuth(w, req);
  w.cases++;
  let res: Response;
  try {
    res = await fetch(`${w.server.origin}${url}`, {
      method: req.method,
      headers,
      body: req.body as BodyInit | undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    return `no answer: ${(err as Error).message}`;
  }
  w.statuses.set(res.status, (w.statuses.get(res.status) ?? 0) + 1);
  const text =
    req.method === "HEAD" ? "" : await res.text().catch((err) => `<<body failed: ${(err as Error).message}>>`);
  if (res.status >= 500) return `${res.status}: ${text.slice(0, 200)}`;
  if (text.startsWith("<<body failed")) return text;
  if (res.status >= 400 && text && !text.startsWith(`${res.status} `))
    return `error body not "<code> <reason>": ${res.status} ${text.slice(0, 200)}`;
  const leak = leakIn(text);
  if (leak) return `leak in a ${res.status} answer: ${leak}`;
  return null;
}

/** A short, replayable description of a request for failure messages. */
export function describeRequest(req: FuzzRequest): string {
  const body =
    req.body === undefined
      ? ""
      : typeof req.body === "string"
        ? ` body=${JSON.stringify(req.body.slice(0, 200))}`
        : ` body=<${req.body.length} bytes>`;
  return `${req.method} ${req.url.slice(0, 300)} as ${req.auth} headers=${JSON.stringify(req.headers).slice(0, 300)}${body}`;
}

/** Log lines of a crash in the making: stack frames, unhandled rejections, the error handler's unexpected errors. */
const CRASH_LINES = /^\s+at |unhandled|uncaught|panic| ERROR (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \//i;

/**
 * What is wrong with the server after a batch, or null: it exited, logged a crash in the making since the last
 * check (CRASH_LINES), or no longer answers /health and the admin's listing of "/".
 */
export async function stillServing(w: FuzzWorld): Promise<string | null> {
  if (w.server.process.exitCode !== null || w.server.process.signalCode)
    return `server exited (${w.server.process.exitCode ?? w.server.process.signalCode})`;
  const output = w.server.output();
  const logged = output
    .slice(w.logChecked)
    .split("\n")
    .find((l) => CRASH_LINES.test(l));
  w.logChecked = output.length;
  if (logged) return `the server logged: ${logged.slice(0, 300)}`;
  const health = await fetch(`${w.server.origin}/health`, { signal: AbortSignal.timeout(10_000) }).catch(
    (e) => e as Error,
  );
  if (health instanceof Error || health.status !== 200)
    return `GET /health failed: ${health instanceof Error ? health.message : health.status}`;
  const listing = await call(w.server, w.admin, "GET", "/resources/").catch((e) => e as Error);
  if (listing instanceof Error || listing.status !== 200)
    return `GET /api/resources/ failed: ${listing instanceof Error ? listing.message : listing.status}`;
  const body = (await listing.json()) as { items?: unknown[] };
  return Array.isArray(body.items) ? null : "the listing has no items";
}

/** An open WebSocket of the admin to `path` ("/api/task"), with the messages it got so far and how it closed (null while open). */
export async function adminSocket(
  w: FuzzWorld,
  path: string,
): Promise<{ ws: WebSocket; messages: string[]; closed: () => string | null }> {
  const ws = new WebSocket(`${w.server.origin.replace(/^http/, "ws")}${path}?auth=${encodeURIComponent(w.admin)}`);
  const messages: string[] = [];
  let closed: string | null = null;
  ws.onmessage = (e) => messages.push(String(e.data));
  ws.onclose = (e) => (closed = `closed ${e.code} ${e.reason}`);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => {
      // Say why: a server that died or logged a crash is the usual cause, and its last lines name it.
      void stillServing(w).then((dead) => {
        const tail = w.server.output().split("\n").slice(-40).join("\n");
        reject(
          new Error(
            `the ${path} connection did not open${dead ? `: ${dead}` : ""}\n--- the server's last lines:\n${tail}`,
          ),
        );
      });
    };
  });
  return { ws, messages, closed: () => closed };
}
