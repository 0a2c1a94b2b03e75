/**
 * @module The scope-escape race: a folder of a user's scope is swapped, as fast as a process can, with a symlink
 * that leads out of the scope, while the server is asked to read, overwrite, create, copy and delete inside it.
 * Every answer and the outside tree are then checked: nothing may have been read from, written to or removed
 * from outside (docs/security.md "Paths and races").
 */
import { spawn } from "node:child_process";
import { chmodSync, statSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { login, startServer, type TestServer } from "./server";
import { makeUser } from "./factories";

const BUN = fileURLToPath(new URL("../../node_modules/.bin/bun", import.meta.url));
/**
 * The bytes of `res`'s body that arrived: all of them, or those before the server cut a streamed answer (an archive
 * whose folder changed mid-way ends with a reset), which must hold no leak either.
 */
async function receivedBytes(res: Response): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of res.body ?? []) chunks.push(chunk);
  } catch {
    // ECONNRESET mid-body: what came before it is still checked.
  }
  return Buffer.concat(chunks);
}

/** What the file outside the scope holds; no answer may carry it. */
export const OUTSIDE_SECRET = "OUTSIDE-SECRET-0123456789";
/**
 * What the file inside holds: as long as the secret, so an answer sized by a stat of one and filled from the other
 * carries all of it.
 */
const INSIDE_CONTENT = "inside-own-file-012345678";
/** The mode of everything outside (no chmod of the race sets it). */
const OUTSIDE_MODE = 0o751;
/** Bytes of the large files (over the 256 KiB read at once). */
const BIG_BYTES = 300 * 1024;
/** The outside file's MD5 as a checksum answer would give it. */
const OUTSIDE_MD5 = createHash("md5").update(OUTSIDE_SECRET).digest("hex");

/** Counts of one race: requests sent, swaps made, and what leaked (must stay 0). */
export interface RaceTally {
  requests: number;
  swaps: number;
  /** Answers that carried the outside secret. */
  readLeaks: number;
  /** Files outside changed, created or removed. */
  writeLeaks: number;
  statuses: Record<number, number>;
  /** The leaking requests, "METHOD path" with numbers as N, and how often each leaked. */
  leakedBy: Record<string, number>;
}

/**
 * The swapping process: exchanges `<scope>/a` (the real folder) and `<scope>/out` (the link out) atomically with
 * renameat2(RENAME_EXCHANGE) through bun:ffi, in a loop until the deadline (ms since the epoch) it is given, so `a`
 * is always one or the other, each half of the time. Prints the exchanges made when it stops, and leaves the folder
 * at `a`. (A busy loop never hears a signal, hence the deadline.)
 */
export const SWAPPER = `
const { dlopen, FFIType, ptr } = require("bun:ffi");
const { symbols } = dlopen("libc.so.6", { renameat2: { args: [FFIType.i32, FFIType.ptr, FFIType.i32, FFIType.ptr, FFIType.u32], returns: FFIType.i32 } });
const [scope, deadline] = process.argv.slice(-2);
const a = Buffer.from(scope + "/a\\0"), out = Buffer.from(scope + "/out\\0");
const AT_FDCWD = -100, RENAME_EXCHANGE = 2;
let n = 0;
while (n % 64 !== 0 || Date.now() < Number(deadline)) {
  if (symbols.renameat2(AT_FDCWD, ptr(a), AT_FDCWD, ptr(out), RENAME_EXCHANGE) !== 0) throw new Error("renameat2 failed");
  n++;
}
console.log(String(n));
`;

/**
 * Builds the world under the server's files root: the scope `<root>/bob` with `a/f.txt` and the link
 * `out -> <root>/outside`, and `<root>/outside` holding `f.txt` (OUTSIDE_SECRET), `big.bin` and `SECRET-name.txt`.
 * Returns the scope folder.
 */
export function raceWorld(server: TestServer): string {
  const scope = join(server.root, "bob");
  mkdirSync(join(scope, "a"), { recursive: true });
  writeFileSync(join(scope, "a", "f.txt"), INSIDE_CONTENT);
  writeFileSync(join(scope, "a", "n.nfo"), INSIDE_CONTENT);
  writeFileSync(join(scope, "a", "m.md"), INSIDE_CONTENT);
  // Past the size read at once, so the answer goes by the descriptor's path (http/fd-release.ts) or streams.
  writeFileSync(join(scope, "a", "big.bin"), Buffer.alloc(BIG_BYTES, "i"));
  mkdirSync(join(server.root, "outside"), { recursive: true });
  writeFileSync(join(server.root, "outside", "f.txt"), OUTSIDE_SECRET);
  writeFileSync(join(server.root, "outside", "n.nfo"), OUTSIDE_SECRET);
  writeFileSync(join(server.root, "outside", "m.md"), OUTSIDE_SECRET);
  writeFileSync(join(server.root, "outside", "big.bin"), Buffer.alloc(BIG_BYTES, OUTSIDE_SECRET));
  // A name only the outside folder holds: a listing of it would show it.
  writeFileSync(join(server.root, "outside", "SECRET-name.txt"), "");
  // A mode no request of the race sets: a chmod that reached outside would change it.
  for (const n of ["", "f.txt", "n.nfo", "m.md", "big.bin", "SECRET-name.txt"])
    chmodSync(join(server.root, "outside", n), OUTSIDE_MODE);
  symlinkSync(join(server.root, "outside"), join(scope, "out"));
  return scope;
}

/** A tus creation-with-upload of `body` (tus core and creation extensions). */
const TUS_HEADERS = (body: string) => ({
  "Tus-Resumable": "1.0.0",
  "Upload-Length": String(body.length),
  "Content-Type": "application/offset+octet-stream",
});

/** The requests of one round `i` (path relative to /api, method, body, extra headers). */
function roundRequests(i: number): Array<[string, string, string | undefined, Record<string, string>?]> {
  return [
    [`/api/tus/a/t${i}.bin`, "POST", "tus-body", TUS_HEADERS("tus-body")],
    [`/api/raw/a/f.txt`, "GET", undefined],
    [`/api/raw/a/f.txt?inline=true`, "GET", undefined],
    [`/api/resources/a/f.txt`, "GET", undefined],
    [`/api/resources/a/f.txt?checksum=md5`, "GET", undefined],
    [`/api/resources/a/n.nfo?preview=nfo`, "GET", undefined],
    [`/api/resources/a/m.md?preview=markdown`, "GET", undefined],
    [`/api/resources/a/`, "GET", undefined],
    [`/api/raw/a/big.bin`, "GET", undefined],
    [`/api/resources/a/f.txt`, "PUT", INSIDE_CONTENT],
    [`/api/resources/a/n${i}.txt?override=true`, "POST", "new"],
    [`/api/resources/a/d${i}/`, "POST", undefined],
    [`/api/resources/a/n${i}.txt`, "DELETE", undefined],
    [`/api/resources/a/f.txt?action=copy&destination=${encodeURIComponent(`/c${i}.txt`)}`, "PATCH", undefined],
    [`/api/resources/c${i}.txt`, "DELETE", undefined],
    [`/api/raw/a/?algo=zip`, "GET", undefined],
    [`/api/resources/a/f.txt?action=chmod&mode=${i % 2 ? "600" : "644"}`, "PATCH", undefined],
    [`/api/resources/a/?action=chmod&mode=755&recursive=true`, "PATCH", undefined],
  ];
}

/**
 * Runs the race for `ms` milliseconds with `parallel` request loops of bob (token `token`) against `server`
 * while the swapper runs, then checks the outside folder. Resolves with the tally.
 */
export async function runScopeRace(server: TestServer, token: string, ms: number, parallel = 4): Promise<RaceTally> {
  const scope = join(server.root, "bob");
  const tally: RaceTally = { requests: 0, swaps: 0, readLeaks: 0, writeLeaks: 0, statuses: {}, leakedBy: {} };
  const until = Date.now() + ms;
  const swapper = spawn(BUN, ["-e", SWAPPER, scope, String(until)], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  swapper.stdout!.on("data", (d) => (out += d));
  const exited = new Promise((r) => swapper.once("exit", r));
  const loop = async (k: number) => {
    for (let i = k * 1_000_000; Date.now() < until; i++) {
      for (const [path, method, body, headers] of roundRequests(i)) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          body,
          headers: { "X-Auth": token, ...headers },
        }).catch(() => null);
        if (!res) continue;
        tally.requests++;
        tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
        const bytes = await receivedBytes(res);
        if (bytes.includes("SECRET") || bytes.includes(OUTSIDE_MD5)) {
          tally.readLeaks++;
          tally.leakedBy[`${method} ${path.replace(/\d+/g, "N")}`] =
            (tally.leakedBy[`${method} ${path.replace(/\d+/g, "N")}`] ?? 0) + 1;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, (_, k) => loop(k)));
  await exited;
  tally.swaps = Number(out.trim()) || 0;
  const outside = join(server.root, "outside");
  const names = readdirSync(outside);
  const modes = names.map((n) => statSync(join(outside, n)).mode & 0o777);
  const untouched =
    names.sort().join(",") === "SECRET-name.txt,big.bin,f.txt,m.md,n.nfo" &&
    readFileSync(join(outside, "f.txt"), "utf8") === OUTSIDE_SECRET &&
    modes.every((m) => m === OUTSIDE_MODE) &&
    (statSync(outside).mode & 0o777) === OUTSIDE_MODE;
  if (!untouched) tally.writeLeaks++;
  return tally;
}

/**
 * A fresh server over raceWorld with bob (scope /bob) who may create, rename, modify, delete and download: the
 * server and bob's token.
 */
export async function startRaceServer(): Promise<{ server: TestServer; token: string }> {
  const server = await startServer();
  raceWorld(server);
  const admin = await login(server);
  const perm = {
    create: true,
    rename: true,
    modify: true,
    delete: true,
    download: true,
    share: false,
    execute: false,
    admin: false,
  };
  return { server, token: (await makeUser(server, admin, { scope: "/bob", perm })).token };
}
