/**
 * @module Every path-taking call of the API, written as how to send one traversal payload through it (for
 * test/api/traversal-corpus.test.ts): the payload goes into the URL path, a query parameter or a task field.
 */
import type { TraversalPayload } from "./traversal-payloads";

/** Who sends the payloads: where their files sit in their scope, and their share links. */
export interface Sender {
  label: string;
  token: string;
  /** Prepended to every payload and fixed path: "" for a user scoped to the folder, "/scope" for one fenced by rules. */
  prefix: string;
  /** Folder (below the prefix) holding one `src-<i>.txt` per payload, moved by the rename call. */
  moveSources: string;
  /** Hash of a link to `<prefix>/dir/` and of an upload-only link to `<prefix>/upload/`. */
  shareDir: string;
  shareUpload: string;
}

/** One call: how to send payload path `p` (already prefixed, still percent-encoded) with index `i`. */
export interface Endpoint {
  name: string;
  method: string;
  target: (p: string, i: number, s: Sender) => string;
  body?: string;
  headers?: Record<string, string>;
  /** Answers of the public share calls must not hold files of the owner's scope outside the shared folder. */
  isPublic?: boolean;
  /** Sent without the user's token. */
  anonymous?: boolean;
  /** Give up reading after this many ms (a WebSocket upgrade that succeeds stays open). */
  timeoutMs?: number;
  /** Moves or removes what the payload names: runs after every other call and the tasks. */
  destructive?: boolean;
  /** After a 2xx: further anonymous GETs whose answers are probed too (the public side of a new link). */
  follow?: (body: string) => string[];
}

/** The decoded form of a (prefixed) payload path, for query values that take a plain path. */
export function decodedPath(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

const enc = encodeURIComponent;
const q = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;
const asDir = (path: string) => (path.endsWith("/") ? path : `${path}/`);
const TUS = { "Tus-Resumable": "1.0.0" };
const UPGRADE = {
  Upgrade: "websocket",
  Connection: "Upgrade",
  "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
  "Sec-WebSocket-Version": "13",
};

/** Every call; those that move or remove what the payload names are marked `destructive`. */
export const ENDPOINTS: readonly Endpoint[] = [
  { name: "GET /api/resources", method: "GET", target: (p) => `/api/resources${p}` },
  { name: "GET /api/resources ?checksum", method: "GET", target: (p) => q(`/api/resources${p}`, "checksum=sha256") },
  { name: "GET /api/resources ?usage", method: "GET", target: (p) => q(`/api/resources${p}`, "usage=true") },
  {
    name: "GET /api/resources ?preview=markdown",
    method: "GET",
    target: (p) => q(`/api/resources${p}`, "preview=markdown"),
  },
  { name: "GET /api/resources ?preview=nfo", method: "GET", target: (p) => q(`/api/resources${p}`, "preview=nfo") },
  { name: "GET /api/resources ?mediaInfo", method: "GET", target: (p) => q(`/api/resources${p}`, "mediaInfo=yes") },
  { name: "GET /api/resources ?probe", method: "GET", target: (p) => q(`/api/resources${p}`, "probe=yes") },
  { name: "GET /api/resources ?playlist", method: "GET", target: (p) => q(`/api/resources${p}`, "playlist=video") },
  { name: "GET /api/media-token", method: "GET", target: (p) => `/api/media-token${p}` },
  {
    name: "GET /api/command (upgrade)",
    method: "GET",
    target: (p) => `/api/command${asDir(p)}`,
    headers: UPGRADE,
    // Every answer ends with its head (a refusal, or 101 and the open socket, raw-request.ts), so the time limit is
    // only for a server that never answers; 400 ms was too short for a 2-core machine busy with 32 at a time.
    timeoutMs: 10_000,
  },
  {
    name: "POST /api/resources (upload, override)",
    method: "POST",
    target: (p) => q(`/api/resources${p}`, "override=true"),
    body: "PWNED-UPLOAD",
  },
  { name: "POST /api/resources (folder)", method: "POST", target: (p) => `/api/resources${asDir(p)}` },
  { name: "PUT /api/resources (save)", method: "PUT", target: (p) => `/api/resources${p}`, body: "PWNED-SAVE" },
  {
    name: "PATCH copy (payload destination)",
    method: "PATCH",
    target: (p, _i, s) => `/api/resources${s.prefix}/dir/a.txt?action=copy&rename=true&destination=${enc(p)}`,
  },
  {
    name: "PATCH rename/move (payload destination)",
    method: "PATCH",
    target: (p, i, s) =>
      `/api/resources${s.prefix}/${s.moveSources}/src-${i}.txt?action=rename&rename=true&destination=${enc(p)}`,
  },
  {
    name: "PATCH chmod",
    method: "PATCH",
    target: (p) => q(`/api/resources${p}`, "action=chmod&mode=777&recursive=true"),
  },
  {
    name: "PATCH passwdrename",
    method: "PATCH",
    target: (p) => q(`/api/resources${p}`, "action=passwdrename&password=pw"),
  },
  {
    name: "PATCH imageProcess",
    method: "PATCH",
    target: (p) => q(`/api/resources${p}`, "action=imageProcess&recursive=true"),
  },
  { name: "GET /api/raw", method: "GET", target: (p) => `/api/raw${p}` },
  { name: "HEAD /api/raw", method: "HEAD", target: (p) => `/api/raw${p}` },
  {
    name: "GET /api/raw ?inline&thumb",
    method: "GET",
    target: (p) => q(`/api/raw${p}`, "inline=true&thumb=true&w=64"),
  },
  { name: "GET /api/raw ?algo=tar", method: "GET", target: (p) => q(`/api/raw${p}`, "algo=tar") },
  {
    name: "GET /api/raw/?files=",
    method: "GET",
    target: (p, _i, s) => `/api/raw/?algo=tar&files=${enc(`${enc(`${s.prefix}/dir/a.txt`)},${p}`)}`,
  },
  {
    name: "GET /api/raw ?subtitle (sidecar)",
    method: "GET",
    target: (p, _i, s) => q(`/api/raw${p}`, `subtitle=true&movie=${enc(`${s.prefix}/dir/a.txt`)}`),
  },
  { name: "GET /api/raw/vtt ?movie", method: "GET", target: (p) => `/api/raw/vtt?si=0&movie=${enc(decodedPath(p))}` },
  { name: "GET /api/frame", method: "GET", target: (p) => `/api/frame${p}` },
  { name: "GET /api/playlist", method: "GET", target: (p) => q(`/api/playlist${p}`, "res=360-1") },
  {
    name: "POST /api/share (then its public link)",
    method: "POST",
    target: (p) => `/api/share${p}`,
    follow: (body) => {
      const hash = (JSON.parse(body) as { hash: string }).hash;
      return [`/api/public/share/${hash}`, `/api/public/dl/${hash}?algo=tar`];
    },
  },
  { name: "GET /api/share", method: "GET", target: (p) => `/api/share${p}` },
  {
    name: "GET /api/public/share/{hash}{payload}",
    method: "GET",
    target: (p, _i, s) => `/api/public/share/${s.shareDir}${p}`,
    isPublic: true,
    anonymous: true,
  },
  {
    name: "GET /api/public/dl/{hash}{payload}",
    method: "GET",
    target: (p, _i, s) => `/api/public/dl/${s.shareDir}${p}`,
    isPublic: true,
    anonymous: true,
  },
  {
    name: "GET /api/public/dl/{hash}{payload} ?algo",
    method: "GET",
    target: (p, _i, s) => q(`/api/public/dl/${s.shareDir}${p}`, "algo=tar"),
    isPublic: true,
    anonymous: true,
  },
  {
    name: "POST /api/public/upload/{hash}{payload}",
    method: "POST",
    target: (p, _i, s) => `/api/public/upload/${s.shareUpload}${p}`,
    body: "PWNED-PUBLIC",
    isPublic: true,
    anonymous: true,
  },
  { name: "GET /api/search", method: "GET", target: (p) => q(`/api/search${p}`, "query=zz") },
  {
    name: "POST /api/tus (creation with upload)",
    method: "POST",
    target: (p) => q(`/api/tus${p}`, "override=true"),
    body: "PWNED-TUS",
    headers: { ...TUS, "Upload-Length": "9", "Content-Type": "application/offset+octet-stream" },
  },
  {
    name: "POST /api/tus (creation, no body)",
    method: "POST",
    target: (p) => `/api/tus${p}`,
    headers: { ...TUS, "Upload-Length": "100" },
  },
  { name: "HEAD /api/tus", method: "HEAD", target: (p) => `/api/tus${p}`, headers: TUS },
  {
    name: "PATCH /api/tus",
    method: "PATCH",
    target: (p) => `/api/tus${p}`,
    body: "PWNED",
    headers: { ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
  },
  { name: "DELETE /api/tus", method: "DELETE", target: (p) => `/api/tus${p}`, headers: TUS },
  {
    name: "PATCH rename/move (payload source)",
    method: "PATCH",
    destructive: true,
    target: (p, i, s) =>
      q(`/api/resources${p}`, `action=rename&rename=true&destination=${enc(`${s.prefix}/moved/m-${i}`)}`),
  },
  { name: "DELETE /api/resources", method: "DELETE", destructive: true, target: (p) => `/api/resources${p}` },
];

/** The task kinds, each with where the payload goes: the target or an output parameter. */
export const TASKS: readonly { name: string; msg: (p: string, s: Sender) => Record<string, unknown> }[] = [
  { name: "task mktorrent TargetPath", msg: (p) => ({ Task: "mktorrent", TargetPath: decodedPath(p), Params: {} }) },
  { name: "task mkthumb TargetPath", msg: (p) => ({ Task: "mkthumb", TargetPath: decodedPath(p), Params: {} }) },
  {
    name: "task extract_sub TargetPath",
    msg: (p) => ({ Task: "extract_sub", TargetPath: decodedPath(p), Params: {} }),
  },
  { name: "task unarchive TargetPath", msg: (p) => ({ Task: "unarchive", TargetPath: decodedPath(p), Params: {} }) },
  {
    name: "task mktorrent torrentOutput",
    msg: (p, s) => ({
      Task: "mktorrent",
      TargetPath: `${s.prefix}/dir/a.txt`,
      Params: { torrentOutput: decodedPath(p) },
    }),
  },
  {
    name: "task unarchive archiveOutput",
    msg: (p, s) => ({
      Task: "unarchive",
      TargetPath: `${s.prefix}/arch.zip`,
      Params: { archiveOutput: decodedPath(p) },
    }),
  },
];

/** The wire path of payload `p` for sender `s`. */
export function payloadPath(p: TraversalPayload, s: Sender): string {
  return `${s.prefix}${p.path}`;
}
