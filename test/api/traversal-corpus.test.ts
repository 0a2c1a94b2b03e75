/**
 * The traversal corpus (test/support/traversal-payloads.ts) sent through every path-taking call as a user whose
 * scope is `/scope`: resources (read, checksums, usage, previews, upload, folder, save, copy/move/rename with the
 * payload as destination and as source, chmod, password rename, delete), raw (file, thumbnail, archive, `files=`,
 * subtitles), frames, playlists, shares (create and follow the link, list), public shares (a payload below a shared
 * folder, upload-only folder), search, tus, and the task kinds (target and output params).
 * A leak is a 5xx, a stack trace, a body naming or holding what lies outside the scope (or, on public calls,
 * outside the share), or any change outside the scope (snapshots before and after).
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { createHash } from "node:crypto";
import { linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { serverPerFile } from "../support/server-per-file";
import { call, makeUser, type TestUser } from "../support/factories";
import { makeTree } from "../support/tree";
import { rawRequest, type RawAnswer } from "../support/raw-request";
import { decodedPayload, TRAVERSAL_PAYLOADS, WORLD, type TraversalPayload } from "../support/traversal-payloads";
import { openTaskSocket, isTask } from "../support/task-socket";

const ctx = serverPerFile();
const rand = Math.random().toString(36).slice(2, 10);
/** Contents and names that must never appear in an answer. */
const SIBLING_SECRET = `SIBLING-SECRET-CONTENT-${rand}`;
const ROOT_SECRET = `ROOT-SECRET-CONTENT-${rand}`;
const SIBLING_UNLISTED = `zz-sibling-unlisted-${rand}.txt`;
const ROOT_UNLISTED = `zz-root-unlisted-${rand}.txt`;
/** Inside the scope but outside the shared folder: public answers must not hold it. */
const SCOPE_ONLY = `SCOPE-ONLY-NOT-SHARED-${rand}`;
/**
 * A hardlink in the scope is the very same file as its peer outside: its content is readable through the scope
 * by design, but a write, move or delete through the scope must never change the peer, and the peer's name
 * never shows.
 */
const HARD_PEER = "hard-peer.txt";
const HARD_CONTENT = `HARDLINKED-CONTENT-${rand}`;

let user: TestUser;
let shareDir = "";
let shareUpload = "";
let home = "";
let root = "";

interface Probe {
  endpoint: string;
  payload: TraversalPayload;
  answer: RawAnswer;
  isPublic: boolean;
}
const leaks: string[] = [];
let requests = 0;

/** The reasons an answer counts as a leak (empty when it is fine). */
function leakReasons(p: Probe): string[] {
  const out: string[] = [];
  const { status, body } = p.answer;
  if (status >= 500 || status === 0) out.push(`status ${status}`);
  for (const marker of [SIBLING_SECRET, ROOT_SECRET, SIBLING_UNLISTED, ROOT_UNLISTED, HARD_PEER, "root:x:0:0", home]) {
    if (body.includes(marker)) out.push(`body holds ${marker === home ? "the server's home path" : marker}`);
  }
  if (p.isPublic && body.includes(SCOPE_ONLY)) out.push("public answer holds a file outside the share");
  if (/\bat [^\n]*:\d+:\d+/.test(body) || body.includes("node_modules") || body.includes("src/server/")) out.push("stack trace");
  return out;
}

/** Statuses seen per endpoint, to show every call was really reached (not refused as unauthenticated). */
const statuses = new Map<string, Map<number, number>>();

function record(p: Probe): void {
  requests++;
  const seen = statuses.get(p.endpoint) ?? new Map<number, number>();
  seen.set(p.answer.status, (seen.get(p.answer.status) ?? 0) + 1);
  statuses.set(p.endpoint, seen);
  const reasons = leakReasons(p);
  if (reasons.length) leaks.push(`${p.endpoint} [${p.payload.label}] ${JSON.stringify(p.payload.path.slice(0, 80))}: ${reasons.join(", ")} (${p.answer.status} ${p.answer.body.slice(0, 120)})`);
}

/** Every file, folder and link below `dir` (skipping names in `skip`), with type, size, mode and a content hash. */
function snapshot(dir: string, skip: Set<string>, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const rel = `${prefix}/${name}`;
    if (skip.has(rel)) continue;
    const abs = join(dir, name);
    const st = lstatSync(abs);
    if (st.isSymbolicLink()) out.set(rel, `link ${readlinkSync(abs)}`);
    else if (st.isDirectory()) {
      out.set(rel, `dir ${st.mode}`);
      for (const [k, v] of snapshot(abs, skip, rel)) out.set(k, v);
    } else {
      // The peer's mode follows a chmod made through its hardlink in the scope (one inode).
      const mode = name === HARD_PEER ? "" : String(st.mode);
      out.set(rel, `file ${st.size} ${mode} ${createHash("sha1").update(readFileSync(abs)).digest("hex")}`);
    }
  }
  return out;
}

/** Everything outside the scope that the server could reach: its home (files root included) but the scope, the database and the cache. */
function outsideTree(): Map<string, string> {
  const server = ["/fbe.db", "/fbe-index.db", "/.cache"].flatMap((f) => [f, `${f}-wal`, `${f}-shm`]);
  const skip = new Set([`/files/${WORLD.scope}`, ...server]);
  const tree = snapshot(home, skip);
  tree.set("/etc/passwd", createHash("sha1").update(readFileSync("/etc/passwd")).digest("hex"));
  return tree;
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  }));
}

const enc = encodeURIComponent;
const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

/** One path-taking call: how to send a payload (index `i`) through it. */
interface Endpoint {
  name: string;
  method: string;
  target: (p: TraversalPayload, i: number) => string;
  body?: string;
  headers?: Record<string, string>;
  isPublic?: boolean;
  auth?: boolean;
  /** Runs after a 2xx answer (e.g. follows a share link); its answers are probed too. */
  after?: (p: TraversalPayload, answer: RawAnswer) => Promise<void>;
}

const asDir = (path: string) => (path.endsWith("/") ? path : `${path}/`);

const ENDPOINTS: Endpoint[] = [
  { name: "GET /api/resources", method: "GET", target: (p) => `/api/resources${p.path}` },
  { name: "GET /api/resources ?checksum", method: "GET", target: (p) => withQuery(`/api/resources${p.path}`, "checksum=sha256") },
  { name: "GET /api/resources ?usage", method: "GET", target: (p) => withQuery(`/api/resources${p.path}`, "usage=true") },
  { name: "GET /api/resources ?preview=markdown", method: "GET", target: (p) => withQuery(`/api/resources${p.path}`, "preview=markdown") },
  { name: "GET /api/resources ?preview=nfo", method: "GET", target: (p) => withQuery(`/api/resources${p.path}`, "preview=nfo") },
  { name: "GET /api/resources ?mediaInfo", method: "GET", target: (p) => withQuery(`/api/resources${p.path}`, "mediaInfo=yes") },
  { name: "GET /api/resources ?probe", method: "GET", target: (p) => withQuery(`/api/resources${p.path}`, "probe=yes") },
  { name: "GET /api/resources ?playlist", method: "GET", target: (p) => withQuery(`/api/resources${p.path}`, "playlist=video") },
  { name: "POST /api/resources (upload, override)", method: "POST", target: (p) => withQuery(`/api/resources${p.path}`, "override=true"), body: "PWNED-UPLOAD" },
  { name: "POST /api/resources (folder)", method: "POST", target: (p) => `/api/resources${asDir(p.path)}` },
  { name: "PUT /api/resources (save)", method: "PUT", target: (p) => `/api/resources${p.path}`, body: "PWNED-SAVE" },
  { name: "PATCH copy (payload destination)", method: "PATCH", target: (p) => `/api/resources/inside.txt?action=copy&rename=true&destination=${enc(p.path)}` },
  { name: "PATCH rename/move (payload destination)", method: "PATCH", target: (p, i) => `/api/resources/mv/src-${i}.txt?action=rename&rename=true&destination=${enc(p.path)}` },
  { name: "PATCH chmod", method: "PATCH", target: (p) => withQuery(`/api/resources${p.path}`, "action=chmod&mode=777") },
  { name: "PATCH passwdrename", method: "PATCH", target: (p) => withQuery(`/api/resources${p.path}`, "action=passwdrename&password=pw") },
  { name: "GET /api/raw", method: "GET", target: (p) => `/api/raw${p.path}` },
  { name: "GET /api/raw ?inline&thumb", method: "GET", target: (p) => withQuery(`/api/raw${p.path}`, "inline=true&thumb=true&w=64") },
  { name: "GET /api/raw ?algo=tar", method: "GET", target: (p) => withQuery(`/api/raw${p.path}`, "algo=tar") },
  { name: "GET /api/raw/?files=", method: "GET", target: (p) => `/api/raw/?algo=tar&files=${enc(`${enc("/dir/a.txt")},${p.path}`)}` },
  { name: "GET /api/raw ?subtitle (sidecar)", method: "GET", target: (p) => withQuery(`/api/raw${p.path}`, "subtitle=true&movie=%2Fdir%2Fa.txt") },
  { name: "GET /api/raw/vtt ?movie", method: "GET", target: (p) => `/api/raw/vtt?si=0&movie=${enc(decodedPayload(p))}` },
  { name: "GET /api/frame", method: "GET", target: (p) => `/api/frame${p.path}` },
  { name: "GET /api/playlist", method: "GET", target: (p) => withQuery(`/api/playlist${p.path}`, "res=360-1") },
  {
    name: "POST /api/share (then the public link)",
    method: "POST",
    target: (p) => `/api/share${p.path}`,
    after: async (p, answer) => {
      const hash = (JSON.parse(answer.body) as { hash: string }).hash;
      for (const target of [`/api/public/share/${hash}`, `/api/public/dl/${hash}?algo=tar`]) {
        record({ endpoint: "public link of a payload share", payload: p, answer: await rawRequest(ctx.server.origin, target), isPublic: false });
      }
    },
  },
  { name: "GET /api/share", method: "GET", target: (p) => `/api/share${p.path}` },
  { name: "GET /api/public/share/{hash}{payload}", method: "GET", target: (p) => `/api/public/share/${shareDir}${p.path}`, isPublic: true, auth: false },
  { name: "GET /api/public/dl/{hash}{payload}", method: "GET", target: (p) => `/api/public/dl/${shareDir}${p.path}`, isPublic: true, auth: false },
  { name: "GET /api/public/dl/{hash}{payload} ?algo", method: "GET", target: (p) => withQuery(`/api/public/dl/${shareDir}${p.path}`, "algo=tar"), isPublic: true, auth: false },
  { name: "POST /api/public/upload/{hash}{payload}", method: "POST", target: (p) => `/api/public/upload/${shareUpload}${p.path}`, body: "PWNED-PUBLIC", isPublic: true, auth: false },
  { name: "GET /api/search", method: "GET", target: (p) => withQuery(`/api/search${p.path}`, "query=zz") },
  {
    name: "POST /api/tus (creation with upload)",
    method: "POST",
    target: (p) => withQuery(`/api/tus${p.path}`, "override=true"),
    body: "PWNED-TUS",
    headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "9", "Content-Type": "application/offset+octet-stream" },
  },
  // Last: these move or remove what the payload names.
  { name: "PATCH rename/move (payload source)", method: "PATCH", target: (p, i) => withQuery(`/api/resources${p.path}`, `action=rename&rename=true&destination=${enc(`/moved/m-${i}`)}`) },
  { name: "DELETE /api/resources", method: "DELETE", target: (p) => `/api/resources${p.path}` },
];

/** The task kinds, each with where the payload goes: the target or an output parameter. */
const TASKS: { name: string; msg: (p: TraversalPayload) => Record<string, unknown> }[] = [
  { name: "task mktorrent TargetPath", msg: (p) => ({ Task: "mktorrent", TargetPath: decodedPayload(p), Params: {} }) },
  { name: "task mkthumb TargetPath", msg: (p) => ({ Task: "mkthumb", TargetPath: decodedPayload(p), Params: {} }) },
  { name: "task extract_sub TargetPath", msg: (p) => ({ Task: "extract_sub", TargetPath: decodedPayload(p), Params: {} }) },
  { name: "task unarchive TargetPath", msg: (p) => ({ Task: "unarchive", TargetPath: decodedPayload(p), Params: {} }) },
  { name: "task mktorrent torrentOutput", msg: (p) => ({ Task: "mktorrent", TargetPath: "/dir/a.txt", Params: { torrentOutput: decodedPayload(p) } }) },
  { name: "task unarchive archiveOutput", msg: (p) => ({ Task: "unarchive", TargetPath: "/arch.zip", Params: { archiveOutput: decodedPayload(p) } }) },
];

beforeAll(async () => {
  home = ctx.server.home;
  root = ctx.server.root;
  const scope = join(root, WORLD.scope);
  makeTree(root, {
    [WORLD.sibling]: { [WORLD.siblingSecret]: SIBLING_SECRET, [SIBLING_UNLISTED]: SIBLING_SECRET, [HARD_PEER]: HARD_CONTENT, nested: { "n.txt": SIBLING_SECRET } },
    [WORLD.scope]: {
      "inside.txt": SCOPE_ONLY,
      "notes.md": "# notes",
      dir: { "a.txt": "shared a", sub: { "b.txt": "shared b" } },
      upload: {},
      mv: Object.fromEntries(TRAVERSAL_PAYLOADS.map((_, i) => [`src-${i}.txt`, "move me"])),
      moved: {},
    },
  });
  makeTree(join(home, WORLD.outsideRoot), { [WORLD.rootSecret]: ROOT_SECRET, [ROOT_UNLISTED]: ROOT_SECRET });
  const L = WORLD.links;
  symlinkSync(join(root, WORLD.sibling, WORLD.siblingSecret), join(scope, L.file));
  symlinkSync(join(root, WORLD.sibling), join(scope, L.dir));
  symlinkSync(`../${WORLD.sibling}/${WORLD.siblingSecret}`, join(scope, L.relative));
  symlinkSync(join(home, WORLD.outsideRoot), join(scope, L.outsideRoot));
  symlinkSync(L.file, join(scope, L.chain));
  symlinkSync(L.loop, join(scope, L.loop));
  symlinkSync(join(home, WORLD.outsideRoot, "dangling-new.txt"), join(scope, L.danglingFile));
  symlinkSync(join(home, WORLD.outsideRoot, "dangling-dir"), join(scope, L.danglingDir));
  symlinkSync(`../../${WORLD.sibling}`, join(scope, L.nested));
  linkSync(join(root, WORLD.sibling, HARD_PEER), join(scope, L.hard));
  // A real zip for the unarchive output payloads.
  const zipped = Bun.spawnSync(["zip", "-q", join(scope, "arch.zip"), "a.txt"], { cwd: join(scope, "dir") });
  if (zipped.exitCode !== 0) throw new Error(`zip failed: ${zipped.stderr}`);
  mkdirSync(join(scope, "dir", "sub", "up"), { recursive: true });

  user = await makeUser(ctx.server, ctx.admin, {
    scope: `/${WORLD.scope}`,
    perm: { create: true, rename: true, modify: true, delete: true, share: true, download: true, execute: true },
  });
  const link = async (path: string, body?: unknown) => {
    const res = await call(ctx.server, user.token, "POST", `/share${path}`, body);
    if (res.status !== 200) throw new Error(`share of ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { hash: string }).hash;
  };
  shareDir = await link("/dir/");
  shareUpload = await link("/upload/", { uploadOnly: true });
});

describe("the traversal corpus", () => {
  it("holds at least 200 payloads with distinct labels", () => {
    expect(TRAVERSAL_PAYLOADS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(TRAVERSAL_PAYLOADS.map((p) => p.label)).size).toBe(TRAVERSAL_PAYLOADS.length);
  });

  it("never discloses or changes anything outside the scope through any path-taking call", async () => {
    const before = outsideTree();
    for (const ep of ENDPOINTS) {
      await pool(TRAVERSAL_PAYLOADS, 24, async (payload, i) => {
        const headers: Record<string, string> = { ...(ep.auth === false ? {} : { "X-Auth": user.token }), ...ep.headers };
        const answer = await rawRequest(ctx.server.origin, ep.target(payload, i), { method: ep.method, headers, body: ep.body });
        record({ endpoint: ep.name, payload, answer, isPublic: ep.isPublic === true });
        if (ep.after && answer.status >= 200 && answer.status < 300) await ep.after(payload, answer);
      });
    }

    // Tasks: every request is answered on the socket by an error or a queued task; then all must settle.
    const socket = await openTaskSocket(ctx.server, user.token);
    for (const task of TASKS) {
      for (const payload of TRAVERSAL_PAYLOADS) {
        const from = socket.messages.length;
        socket.send(task.msg(payload));
        const reply = await socket.waitFor((m) => socket.messages.indexOf(m) >= from && ("error" in m || (isTask(m) && m.MsgType === 0 && m.Status === 0)), 10_000);
        record({ endpoint: task.name, payload, answer: { status: "error" in reply ? 400 : 200, headers: {}, body: JSON.stringify(reply) }, isPublic: false });
      }
    }
    const settled = () => {
      const last = new Map<number, number>();
      for (const m of socket.messages) if (isTask(m)) last.set(m.TaskID, m.Status);
      return [...last.values()].every((s) => s >= 3);
    };
    for (let waited = 0; !settled() && waited < 20_000; waited += 100) await Bun.sleep(100);
    for (const m of socket.messages) {
      if (!isTask(m)) continue;
      const body = JSON.stringify(m);
      for (const marker of [SIBLING_SECRET, ROOT_SECRET, SIBLING_UNLISTED, ROOT_UNLISTED, home]) {
        if (body.includes(marker)) leaks.push(`task ${m.Task} ${m.TargetPath}: message holds ${marker === home ? "the server's home path" : marker}`);
      }
    }
    await socket.close();

    const after = outsideTree();
    for (const [k, v] of before) if (after.get(k) !== v) leaks.push(`outside the scope: ${k} ${after.has(k) ? "changed" : "removed"}`);
    for (const k of after.keys()) if (!before.has(k)) leaks.push(`outside the scope: ${k} created`);

    const endpoints = ENDPOINTS.length + TASKS.length;
    console.log(`traversal corpus: ${TRAVERSAL_PAYLOADS.length} payloads × ${endpoints} endpoints = ${requests} requests, ${leaks.length} leaks`);
    if (process.env.FBE_TRAVERSAL_STATUSES) for (const [ep, seen] of statuses) console.log(ep, JSON.stringify([...seen]));
    expect(leaks).toEqual([]);
    // Every call was reached as the user (never 401), and each took some payloads as paths inside the scope.
    for (const [ep, seen] of statuses) {
      expect(`${ep}: ${seen.has(401) ? "401" : "ok"}`).toBe(`${ep}: ok`);
      expect(`${ep}: ${[...seen.keys()].some((s) => s < 300 || s === 404 || s === 409 || s === 400) ? "reached" : "never reached"}`).toBe(`${ep}: reached`);
    }
  }, 120_000);
});
