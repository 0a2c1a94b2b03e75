/**
 * The traversal corpus (test/support/traversal-payloads.ts) sent through every path-taking call
 * (test/support/traversal-endpoints.ts) by two users: one whose scope is `/scope`, and one whose scope is the whole
 * root but whose rules deny everything except `/scope`; both users' rules deny `/scope/dir/hidden`. A leak is a 5xx, a stack trace, a body naming or holding
 * what lies outside (or, on public calls, outside the share), or any change outside `/scope` (snapshots before and
 * after the run).
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createHash } from "node:crypto";
import {
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { login } from "../support/server";
import { startInProcess } from "../support/in-process";
import { call, makeUser, putSettings } from "../support/factories";
import { makeTree } from "../support/tree";
import { rawRequest, type RawAnswer } from "../support/raw-request";
import { TRAVERSAL_PAYLOADS, WORLD, type TraversalPayload } from "../support/traversal-payloads";
import { ENDPOINTS, payloadPath, TASKS, type Endpoint, type Sender } from "../support/traversal-endpoints";
import { isTask, openTaskSocket } from "../support/task-socket";
import { isKeptDirName } from "../../src/server/fs/temp-name";

const rand = Math.random().toString(36).slice(2, 10);
/** Holds the files root and, beside it, what lies outside the root. */
const base = mkdtempSync(join(tmpdir(), "fbe-corpus-"));
const root = join(base, "files");
/** Contents and names that must never appear in an answer. */
const SIBLING_SECRET = `SIBLING-SECRET-CONTENT-${rand}`;
const ROOT_SECRET = `ROOT-SECRET-CONTENT-${rand}`;
const SIBLING_UNLISTED = `zz-sibling-unlisted-${rand}.txt`;
const ROOT_UNLISTED = `zz-root-unlisted-${rand}.txt`;
const PREFIX_UNLISTED = `zz-prefix-unlisted-${rand}.txt`;
/** Inside the scope but outside the shared folder: public answers must not hold it. */
const SCOPE_ONLY = `SCOPE-ONLY-NOT-SHARED-${rand}`;
/**
 * A hardlink in the scope is the very same file as its peer outside: its content is readable through the scope
 * by design, but a write, move or delete through the scope must never change the peer, and the peer's name
 * never shows.
 */
/** `/scope/dir/hidden`, which both users' rules deny: never in their (or their links') answers, never changed. */
const HIDDEN_SECRET = `RULE-HIDDEN-CONTENT-${rand}`;
const HIDDEN_NAME = `zz-rule-hidden-${rand}.txt`;
const HARD_PEER = "hard-peer.txt";
const HARD_CONTENT = `HARDLINKED-CONTENT-${rand}`;
const ALL_BUT_ADMIN = {
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
  execute: true,
};

const senders: Sender[] = [];

interface Probe {
  endpoint: string;
  sender: Sender;
  payload: TraversalPayload;
  answer: RawAnswer;
  isPublic: boolean;
}
const leaks: string[] = [];
let requests = 0;
/** Statuses seen per endpoint, to show every call was really reached (not refused as unauthenticated). */
const statuses = new Map<string, Map<number, number>>();

/** The reasons an answer counts as a leak (empty when it is fine). */
function leakReasons(p: Probe): string[] {
  const out: string[] = [];
  const { status, body } = p.answer;
  if (status >= 500 || status === 0) out.push(`status ${status}`);
  for (const marker of [
    SIBLING_SECRET,
    ROOT_SECRET,
    SIBLING_UNLISTED,
    ROOT_UNLISTED,
    PREFIX_UNLISTED,
    HARD_PEER,
    "root:x:0:0",
    base,
    ctx.server.home,
  ]) {
    if (body.includes(marker))
      out.push(`body holds ${marker === base || marker === ctx.server.home ? "a path of the server" : marker}`);
  }
  if (p.isPublic && body.includes(SCOPE_ONLY)) out.push("public answer holds a file outside the share");
  if (body.includes(HIDDEN_SECRET) || body.includes(HIDDEN_NAME)) out.push("answer holds an item the rules hide");
  if (/\bat [^\n]*:\d+:\d+/.test(body) || body.includes("node_modules") || body.includes("src/server/"))
    out.push("stack trace");
  return out;
}

function record(p: Probe): void {
  requests++;
  const key = p.endpoint;
  const seen = statuses.get(key) ?? new Map<number, number>();
  seen.set(p.answer.status, (seen.get(p.answer.status) ?? 0) + 1);
  statuses.set(key, seen);
  const reasons = leakReasons(p);
  if (reasons.length) {
    const path = JSON.stringify(payloadPath(p.payload, p.sender).slice(0, 80));
    leaks.push(
      `${p.sender.label}: ${p.endpoint} [${p.payload.label}] ${path}: ${reasons.join(", ")} (${p.answer.status} ${p.answer.body.slice(0, 120)})`,
    );
  }
}

/** Every file, folder and link below `dir` (skipping paths in `skip`), with type, size, mode and a content hash. */
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
    // The server's trash and versions folders hold what the user deleted or replaced inside their scope, reached
    // only through the trash and version calls (their own tests, trash.test.ts and versions.test.ts).
    if (skip.has(rel) || isKeptDirName(name)) continue;
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

/**
 * Everything outside `/scope` the server could reach: the files root and what lies beside it, and the server's
 * home but for its databases and cache.
 */
function outsideTree(): Map<string, string> {
  const tree = snapshot(base, new Set([`/files/${WORLD.scope}`]));
  const server = ["/fbe.db", "/fbe-index.db", "/.cache"].flatMap((f) => [f, `${f}-wal`, `${f}-shm`]);
  for (const [k, v] of snapshot(ctx.server.home, new Set(server))) tree.set(`home:${k}`, v);
  // What the rules hide inside the scope counts as outside too: no payload of either user may change it.
  for (const [k, v] of snapshot(join(root, WORLD.scope, "dir", "hidden"), new Set()))
    tree.set(`/files/${WORLD.scope}/dir/hidden${k}`, v);
  tree.set("/etc/passwd", createHash("sha1").update(readFileSync("/etc/passwd")).digest("hex"));
  return tree;
}

/**
 * Builds the world under `base` before the server starts (so the search index holds it too): `<base>/files` is the
 * files root, `<base>/outside-root` lies beside it.
 */
function buildWorld(): void {
  const scope = join(root, WORLD.scope);
  const sources = Object.fromEntries(TRAVERSAL_PAYLOADS.map((_, i) => [`src-${i}.txt`, "move me"]));
  makeTree(root, {
    [WORLD.sibling]: {
      [WORLD.siblingSecret]: SIBLING_SECRET,
      [SIBLING_UNLISTED]: SIBLING_SECRET,
      [HARD_PEER]: HARD_CONTENT,
      nested: { "n.txt": SIBLING_SECRET },
    },
    [WORLD.scope]: {
      "inside.txt": SCOPE_ONLY,
      "zz-inside.txt": "found by search",
      "notes.md": "# notes",
      dir: { "a.txt": "shared a", sub: { "b.txt": "shared b" }, hidden: { [HIDDEN_NAME]: HIDDEN_SECRET } },
      upload: {},
      mv: sources,
      mv2: sources,
      moved: {},
    },
  });
  makeTree(join(root, WORLD.prefixSibling), { [PREFIX_UNLISTED]: SIBLING_SECRET });
  makeTree(join(base, WORLD.outsideRoot), { [WORLD.rootSecret]: ROOT_SECRET, [ROOT_UNLISTED]: ROOT_SECRET });
  const L = WORLD.links;
  symlinkSync(join(root, WORLD.sibling, WORLD.siblingSecret), join(scope, L.file));
  symlinkSync(join(root, WORLD.sibling), join(scope, L.dir));
  symlinkSync(`../${WORLD.sibling}/${WORLD.siblingSecret}`, join(scope, L.relative));
  symlinkSync(join(base, WORLD.outsideRoot), join(scope, L.outsideRoot));
  symlinkSync(L.file, join(scope, L.chain));
  symlinkSync(L.loop, join(scope, L.loop));
  symlinkSync(join(base, WORLD.outsideRoot, "dangling-new.txt"), join(scope, L.danglingFile));
  symlinkSync(join(base, WORLD.outsideRoot, "dangling-dir"), join(scope, L.danglingDir));
  symlinkSync(`../../${WORLD.sibling}`, join(scope, L.nested));
  linkSync(join(root, WORLD.sibling, HARD_PEER), join(scope, L.hard));
  // A real zip for the unarchive output payloads.
  const zipped = Bun.spawnSync(["zip", "-q", join(scope, "arch.zip"), "a.txt"], { cwd: join(scope, "dir") });
  if (zipped.exitCode !== 0) throw new Error(`zip failed: ${zipped.stderr}`);
  mkdirSync(join(scope, "dir", "sub", "up"), { recursive: true });
}

buildWorld();
const ctx = serverInProcess({ root });
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs `fn` over `items` with at most `limit` at once. */
async function pool<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

/**
 * Sends every payload through every task kind as `s`. The server answers each request, in order, by an error or
 * by pushing the queued task (status 0): the n-th such first answer belongs to the n-th request.
 */
async function sendTasks(s: Sender): Promise<void> {
  const socket = await openTaskSocket(ctx.server, s.token);
  for (const task of TASKS) {
    const from = socket.messages.length;
    for (const payload of TRAVERSAL_PAYLOADS) socket.send(task.msg(payloadPath(payload, s), s));
    const seen = new Set<number>();
    const firsts = () =>
      socket.messages
        .slice(from)
        .filter(
          (m) =>
            "error" in m ||
            (isTask(m) && m.MsgType === 0 && m.Status === 0 && !seen.has(m.TaskID) && seen.add(m.TaskID)),
        );
    let replies: ReturnType<typeof firsts> = [];
    for (let waited = 0; waited < 20_000; waited += 20) {
      seen.clear();
      replies = firsts();
      if (replies.length >= TRAVERSAL_PAYLOADS.length) break;
      await Bun.sleep(20);
    }
    expect(replies.length).toBe(TRAVERSAL_PAYLOADS.length);
    replies.forEach((reply, i) => {
      const answer = { status: "error" in reply ? 400 : 200, headers: {}, body: JSON.stringify(reply) };
      record({ endpoint: task.name, sender: s, payload: TRAVERSAL_PAYLOADS[i], answer, isPublic: false });
    });
  }
  const settled = () => {
    const last = new Map<number, number>();
    for (const m of socket.messages) if (isTask(m)) last.set(m.TaskID, m.Status);
    return [...last.values()].every((st) => st >= 3);
  };
  for (let waited = 0; !settled() && waited < 20_000; waited += 100) await Bun.sleep(100);
  for (const m of socket.messages) {
    const body = JSON.stringify(m);
    for (const marker of [SIBLING_SECRET, ROOT_SECRET, SIBLING_UNLISTED, ROOT_UNLISTED, base, ctx.server.home]) {
      if (body.includes(marker))
        leaks.push(
          `${s.label}: task message ${body.slice(0, 600)} holds ${marker.startsWith("/") ? "a path of the server" : marker}`,
        );
    }
  }
  await socket.close();
}

beforeAll(async () => {
  // The tasks the payloads queue inside the scope run several at a time, so the file stays fast.
  await putSettings(ctx.server, ctx.admin, { taskWorkers: 4 });
  const deny = (path: string, allow = false) => ({ allow, path, regex: false, regexp: { raw: "" } });
  const scoped = await makeUser(ctx.server, ctx.admin, {
    scope: `/${WORLD.scope}`,
    perm: ALL_BUT_ADMIN,
    rules: [deny("/dir/hidden")],
  });
  const fenced = await makeUser(ctx.server, ctx.admin, {
    scope: "/",
    perm: ALL_BUT_ADMIN,
    rules: [deny("/"), deny(`/${WORLD.scope}`, true), deny(`/${WORLD.scope}/dir/hidden`)],
  });
  const who = [
    ["scoped user", scoped, "", "mv"],
    ["rule-fenced user", fenced, `/${WORLD.scope}`, "mv2"],
  ] as const;
  for (const [label, user, prefix, moveSources] of who) {
    const link = async (path: string, body?: unknown) => {
      const res = await call(ctx.server, user.token, "POST", `/share${prefix}${path}`, body);
      if (res.status !== 200) throw new Error(`share of ${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { hash: string }).hash;
    };
    senders.push({
      label,
      token: user.token,
      prefix,
      moveSources,
      shareDir: await link("/dir/"),
      shareUpload: await link("/upload/", { uploadOnly: true }),
    });
  }
});

describe("the traversal corpus", () => {
  it("holds at least 200 payloads with distinct labels", () => {
    expect(TRAVERSAL_PAYLOADS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(TRAVERSAL_PAYLOADS.map((p) => p.label)).size).toBe(TRAVERSAL_PAYLOADS.length);
  });

  it("never discloses or changes anything outside the scope through any path-taking call", async () => {
    // The search index holds the secrets too (the admin finds them), or the search call would prove nothing.
    for (let waited = 0; ; waited += 200) {
      const mine = await (await call(ctx.server, senders[0].token, "GET", "/search/?query=zz-inside")).text();
      const all = await (await call(ctx.server, ctx.admin, "GET", "/search/?query=zz-sibling")).text();
      if (mine.includes("zz-inside.txt") && all.includes(SIBLING_UNLISTED)) break;
      if (waited > 15_000) throw new Error(`the search index never held the world: ${mine} ${all}`);
      await Bun.sleep(200);
    }
    const before = outsideTree();
    // Call by call, both senders; the tasks before the calls that move or delete what the payloads name.
    const run = async (ep: Endpoint) => {
      for (const s of senders) {
        await pool(TRAVERSAL_PAYLOADS, 32, async (payload, i) => {
          const headers: Record<string, string> = { ...(ep.anonymous ? {} : { "X-Auth": s.token }), ...ep.headers };
          const answer = await rawRequest(ctx.server.origin, ep.target(payloadPath(payload, s), i, s), {
            method: ep.method,
            headers,
            body: ep.body,
            timeoutMs: ep.timeoutMs,
          });
          record({ endpoint: ep.name, sender: s, payload, answer, isPublic: ep.isPublic === true });
          if (!ep.follow || answer.status < 200 || answer.status >= 300) return;
          for (const target of ep.follow(answer.body)) {
            record({
              endpoint: `${ep.name}: public side`,
              sender: s,
              payload,
              answer: await rawRequest(ctx.server.origin, target),
              isPublic: false,
            });
          }
        });
      }
    };
    for (const ep of ENDPOINTS.filter((e) => !e.destructive)) await run(ep);
    await Promise.all(senders.map(sendTasks));
    for (const ep of ENDPOINTS.filter((e) => e.destructive)) await run(ep);

    const after = outsideTree();
    for (const [k, v] of before)
      if (after.get(k) !== v)
        leaks.push(`outside the scope: ${k} ${after.has(k) ? `changed (${v} -> ${after.get(k)})` : "removed"}`);
    for (const k of after.keys()) if (!before.has(k)) leaks.push(`outside the scope: ${k} created`);

    const endpoints = ENDPOINTS.length + TASKS.length;
    console.log(
      `traversal corpus: ${TRAVERSAL_PAYLOADS.length} payloads × ${endpoints} endpoints = ${requests} requests, ${leaks.length} leaks`,
    );
    if (process.env.FBE_TRAVERSAL_STATUSES)
      for (const [ep, seen] of statuses) console.log(ep, JSON.stringify([...seen]));
    expect(leaks).toEqual([]);
    // Every call was reached as the user (never 401), and each took some payloads as paths it could judge.
    for (const [ep, seen] of statuses) {
      expect(`${ep}: ${seen.has(401) ? "401" : "ok"}`).toBe(`${ep}: ok`);
      expect(
        `${ep}: ${[...seen.keys()].some((st) => st < 300 || st === 400 || st === 404 || st === 409) ? "reached" : "never reached"}`,
      ).toBe(`${ep}: reached`);
    }
  }, 120_000);

  it("never discloses anything outside the scope through a transfer thread either (plain /api/raw reads)", async () => {
    const threaded = await startInProcess({ root, env: { FBE_TRANSFER_THREADS: "1" } });
    try {
      const admin = await login(threaded);
      const user = await makeUser(threaded, admin, {
        scope: `/${WORLD.scope}`,
        perm: ALL_BUT_ADMIN,
        rules: [{ allow: false, path: "/dir/hidden", regex: false, regexp: { raw: "" } }],
      });
      const sender: Sender = { ...senders[0], label: "scoped user, transfer thread", token: user.token };
      const before = leaks.length;
      for (const [method, query] of [
        ["GET", ""],
        ["HEAD", ""],
        ["GET", "?inline=true"],
      ] as const) {
        await pool(TRAVERSAL_PAYLOADS, 32, async (payload) => {
          const answer = await rawRequest(threaded.origin, `/api/raw${payloadPath(payload, sender)}${query}`, {
            method,
            headers: { "X-Auth": user.token },
          });
          record({
            endpoint: `${method} /api/raw${query} (transfer thread)`,
            sender,
            payload,
            answer,
            isPublic: false,
          });
        });
      }
      expect(leaks.slice(before)).toEqual([]);
    } finally {
      await threaded.stop();
    }
  }, 60_000);
});
