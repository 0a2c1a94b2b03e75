/**
 * @module Every route of the server (as `app.routes` lists it: method and pattern) with the arbitrary of the
 * requests that fuzz it: the path, the query names the route reads with their real values next to hostile
 * ones, the body kind and the headers it looks at, and who calls. A route missing here fails the coverage test.
 */
import fc from "fast-check";
import { anyText, headers, jsonBody, jsonValue, queryString, rawBody, urlPath } from "./fuzz-arbitraries";
import { FUZZ_PATHS, type AuthKind, type FuzzRequest, type FuzzWorld } from "./fuzz-world";
import { SETTINGS_FIELDS } from "../../src/server/settings/schema";
import { USER_FIELDS } from "../../src/server/users/user-changes";

/** One fuzzed route: `method` and `pattern` exactly as Hono registers them. */
export interface RouteFuzz {
  method: string;
  pattern: string;
  request: (w: FuzzWorld) => fc.Arbitrary<FuzzRequest>;
}

interface Spec {
  /** The URL path (before "?"). */
  path: (w: FuzzWorld, auth: AuthKind) => fc.Arbitrary<string>;
  query?: string[];
  /** Query names nearly always present (the route does little without them). */
  must?: string[];
  valid?: Record<string, readonly string[]>;
  body?: "json" | "raw";
  shaped?: (w: FuzzWorld) => fc.Arbitrary<unknown>;
  headers?: string[];
  /** Headers nearly always present. */
  mustHeaders?: string[];
  auth?: AuthKind[];
  /** The method sent when it differs from the registered one (an unknown verb for the catch-all). */
  send?: fc.Arbitrary<string>;
}

/** Callers, the admin and the plain user more often than the others. */
const ALL_AUTH: AuthKind[] = ["anon", "admin", "admin", "admin", "user", "user", "media", "bogus", "cookie"];
const FILE_HEADERS = ["Range", "If-None-Match", "If-Modified-Since", "If-Range", "Accept-Encoding", "Origin", "Cookie"];
const WRITE_HEADERS = ["Content-Type", "Origin", "Sec-Fetch-Site", "X-Forwarded-For"];

const fixed = (p: string) => () => fc.constant(p);
const under = (prefix: string) => () => urlPath(FUZZ_PATHS).map((p) => `${prefix}${p}`);
const encodedText = anyText.map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, "?")) || "x");

/** Ids of users in a path: the ones a caller may touch without spoiling the world, and junk. */
function userIdPath(prefix: string, pick: (w: FuzzWorld, auth: AuthKind) => number[]) {
  return (w: FuzzWorld, auth: AuthKind) =>
    fc
      .oneof(
        fc.constantFrom(...pick(w, auth)).map(String),
        fc.constantFrom("0", "-1", "abc", "1e3", "99999999999999999999", "1.5", " 1", "%00"),
        encodedText,
      )
      .map((id) => `${prefix}${id}`);
}

/** Share hashes in a path: the world's real links, and junk. */
const sharePath = (prefix: string, rest: boolean) => (w: FuzzWorld) =>
  fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...w.shares) }, { weight: 1, arbitrary: encodedText }),
      rest ? urlPath(FUZZ_PATHS) : fc.constant(""),
    )
    .map(([hash, p]) => `${prefix}${hash}${p}`);

/**
 * A user id that can end no session the world logs in with: the doomed user's, or junk no user id reads as
 * (the routes read ids with Number(), so " 1" or "1e0" would be the admin).
 */
const doomedOnly = (w: FuzzWorld) =>
  fc.oneof(fc.constant(String(w.doomed.id)), fc.constantFrom("0", "-1", "abc", "1.5", "99999999999999999999", "%00"));

/** `path` with `suffix` after it. */
const withSuffix =
  (path: Spec["path"], suffix: string): Spec["path"] =>
  (w, a) =>
    path(w, a).map((p) => `${p}${suffix}`);

function route(method: string, pattern: string, spec: Spec): RouteFuzz {
  return {
    method,
    pattern,
    request: (w) =>
      fc.constantFrom(...(spec.auth ?? ALL_AUTH)).chain((auth) =>
        fc
          .record({
            method: spec.send ?? fc.constant(method),
            path: spec.path(w, auth),
            query: queryString(spec.query ?? [], spec.valid, spec.must),
            headers: headers(spec.headers ?? [], spec.mustHeaders),
            body:
              spec.body === "raw"
                ? rawBody
                : spec.body === "json"
                  ? jsonBody(spec.shaped?.(w))
                  : fc.constant(undefined),
          })
          .map(
            (r): FuzzRequest => ({
              method: r.method,
              url: r.query ? `${r.path}?${r.query}` : r.path,
              auth,
              headers: r.headers,
              body: r.body,
            }),
          ),
      ),
  };
}

/** User fields with values that are sometimes right and often not. */
const userData = fc.dictionary(
  fc.oneof(fc.constantFrom(...USER_FIELDS, "id", "otpPasscode", "otp"), anyText),
  fc.oneof(jsonValue, anyText),
  { maxKeys: 6 },
);
const userBody = fc.record(
  {
    what: fc.oneof(fc.constant("user"), jsonValue),
    which: fc.oneof(
      fc.array(fc.oneof(fc.constantFrom(...USER_FIELDS, "all", "otpPasscode", "otp"), anyText), { maxLength: 4 }),
      jsonValue,
    ),
    data: fc.oneof({ weight: 4, arbitrary: userData }, { weight: 1, arbitrary: jsonValue }),
  },
  { requiredKeys: [] },
);

/** A partial settings object with hostile values; never the hook commands or the shell (they run programs). */
const SAFE_SETTINGS = Object.entries(SETTINGS_FIELDS).filter(([k]) => k !== "commands" && k !== "shell");
const settingsBody = fc
  .array(
    fc.constantFrom(...SAFE_SETTINGS).chain(([key, spec]) => {
      const value =
        "kind" in spec
          ? fc.oneof(jsonValue, anyText, fc.integer())
          : fc.oneof(
              {
                weight: 4,
                arbitrary: fc.dictionary(
                  fc.constantFrom(...Object.keys(spec)),
                  fc.oneof(jsonValue, anyText, fc.integer(), fc.boolean()),
                  { maxKeys: 4 },
                ),
              },
              { weight: 1, arbitrary: jsonValue },
            );
      return value.map((v) => [key, v] as const);
    }),
    { maxLength: 4 },
  )
  .map((pairs) => Object.fromEntries(pairs));

const RAW_QUERY = {
  inline: ["true"],
  thumb: ["true"],
  w: ["1", "128", "2048", "2049", "0"],
  algo: ["zip", "tar", "tar.gz", "tgz", "tar.xz", "tar.zst", "tar.lz4", "tar.sz", "tar.bz2", "rar"],
  subtitle: ["true"],
  si: ["0", "1"],
  extract: ["true"],
  lang: ["en"],
};

/** The routes, in the order they are fuzzed; the destructive ones come last. */
export const FUZZED_ROUTES: readonly RouteFuzz[] = [
  route("GET", "/health", { path: fixed("/health"), query: ["auth"] }),
  route("POST", "/api/login", {
    path: fixed("/api/login"),
    body: "json",
    headers: WRITE_HEADERS,
    auth: ["anon", "bogus"],
    shaped: () =>
      fc.record(
        {
          username: fc.oneof(fc.constant("admin"), anyText),
          password: anyText,
          otpPasscode: anyText,
          recaptcha: anyText,
        },
        { requiredKeys: [] },
      ),
  }),
  route("POST", "/api/renew", { path: fixed("/api/renew"), headers: ["Origin", "Cookie"] }),
  route("POST", "/api/logout", {
    path: fixed("/api/logout"),
    query: ["others"],
    valid: { others: ["true"] },
    auth: ["anon", "bogus", "pool"],
  }),
  route("GET", "/api/media-token/*", { path: under("/api/media-token") }),
  route("POST", "/api/signup", {
    path: fixed("/api/signup"),
    body: "json",
    headers: WRITE_HEADERS,
    shaped: () => fc.record({ username: anyText, password: anyText }, { requiredKeys: [] }),
  }),
  route("GET", "/api/resources/*", {
    path: under("/api/resources"),
    query: ["usage", "checksum", "mediaInfo", "probe", "preview", "playlist"],
    headers: ["If-None-Match", "Accept-Encoding", "Cookie"],
    valid: {
      usage: ["true"],
      checksum: ["md5", "sha1", "sha256", "sha512", "crc32"],
      mediaInfo: ["yes"],
      probe: ["yes"],
      preview: ["nfo", "markdown"],
      playlist: ["video", "audio"],
    },
  }),
  route("GET", "/api/raw", {
    path: fixed("/api/raw"),
    query: ["files", "algo", "inline", "movie"],
    valid: { ...RAW_QUERY, files: ["/docs/notes.txt,/media/", "/docs/", ""] },
    headers: FILE_HEADERS,
  }),
  route("HEAD", "/api/raw", {
    path: fixed("/api/raw"),
    query: ["files", "algo"],
    valid: { ...RAW_QUERY, files: ["/docs/notes.txt,/media/"] },
    headers: FILE_HEADERS,
  }),
  route("GET", "/api/raw/*", {
    path: under("/api/raw"),
    query: Object.keys(RAW_QUERY).concat("movie", "files"),
    valid: { ...RAW_QUERY, movie: ["/media/clip.mp4"] },
    headers: FILE_HEADERS,
  }),
  route("HEAD", "/api/raw/*", {
    path: under("/api/raw"),
    query: ["inline", "thumb", "algo", "w"],
    valid: RAW_QUERY,
    headers: FILE_HEADERS,
  }),
  route("GET", "/api/users", { path: fixed("/api/users") }),
  route("GET", "/api/users/otp-qrcode/:id", {
    path: userIdPath("/api/users/otp-qrcode/", (w) => [1, w.user.id, w.victim.id]),
    query: ["regenerate"],
    valid: { regenerate: ["once"] },
  }),
  route("POST", "/api/users/otp-qrcode/:id", {
    path: userIdPath("/api/users/otp-qrcode/", (w) => [1, w.user.id, w.victim.id]),
    query: ["regenerate"],
    valid: { regenerate: ["once"] },
    headers: WRITE_HEADERS,
  }),
  route("GET", "/api/users/:id", { path: userIdPath("/api/users/", (w) => [1, w.user.id, w.victim.id, w.doomed.id]) }),
  route("POST", "/api/users", {
    path: fixed("/api/users"),
    body: "json",
    shaped: () => userBody,
    headers: WRITE_HEADERS,
  }),
  route("PUT", "/api/users/:id", {
    path: userIdPath("/api/users/", (w, a) =>
      a === "admin" || a === "cookie" ? [w.victim.id] : [1, w.user.id, w.victim.id],
    ),
    body: "json",
    shaped: () => userBody,
    headers: WRITE_HEADERS,
  }),
  route("GET", "/api/settings", { path: fixed("/api/settings") }),
  route("PUT", "/api/settings", {
    path: fixed("/api/settings"),
    body: "json",
    shaped: () => settingsBody,
    headers: WRITE_HEADERS,
  }),
  route("GET", "/api/logs", { path: fixed("/api/logs") }),
  route("DELETE", "/api/logs", {
    path: fixed("/api/logs"),
    query: ["ip", "all"],
    valid: { ip: ["127.0.0.1", "::1"], all: ["true"] },
  }),
  route("GET", "/api/shared", { path: fixed("/api/shared") }),
  route("POST", "/api/share/*", {
    path: under("/api/share"),
    query: ["expires", "unit"],
    valid: {
      expires: ["0", "1", "999999999999"],
      unit: ["seconds", "minutes", "hours", "days", "__proto__", "constructor"],
    },
    body: "json",
    shaped: () =>
      fc.record(
        {
          password: fc.oneof(anyText, jsonValue),
          uploadOnly: fc.oneof(fc.boolean(), jsonValue),
          downloadLimit: fc.oneof(fc.integer(), jsonValue),
        },
        { requiredKeys: [] },
      ),
  }),
  route("GET", "/api/share/*", { path: under("/api/share") }),
  route("POST", "/api/public/share/:hash{[^/]+}/token", {
    path: (w) => sharePath("/api/public/share/", false)(w).map((p) => `${p}/token`),
    body: "json",
    shaped: () =>
      fc.record({ password: fc.oneof(fc.constant("secret-pass"), anyText, jsonValue) }, { requiredKeys: [] }),
    headers: ["X-Forwarded-For"],
  }),
  route("GET", "/api/public/share/:hash{[^/]+}/*", {
    path: sharePath("/api/public/share/", true),
    query: ["token"],
    headers: ["X-Share-Token"],
  }),
  route("GET", "/api/public/share/:hash{[^/]+}", {
    path: sharePath("/api/public/share/", false),
    query: ["token"],
    headers: ["X-Share-Token"],
  }),
  route("GET", "/api/public/dl/:hash{[^/]+}/*", {
    path: sharePath("/api/public/dl/", true),
    query: ["inline", "thumb", "algo", "w", "token"],
    valid: RAW_QUERY,
    headers: [...FILE_HEADERS, "X-Share-Token"],
  }),
  route("HEAD", "/api/public/dl/:hash{[^/]+}/*", {
    path: sharePath("/api/public/dl/", true),
    query: ["inline", "algo"],
    valid: RAW_QUERY,
    headers: FILE_HEADERS,
  }),
  route("GET", "/api/public/dl/:hash{[^/]+}", {
    path: sharePath("/api/public/dl/", false),
    query: ["inline", "thumb", "algo", "w"],
    valid: RAW_QUERY,
    headers: FILE_HEADERS,
  }),
  route("HEAD", "/api/public/dl/:hash{[^/]+}", {
    path: sharePath("/api/public/dl/", false),
    query: ["algo"],
    valid: RAW_QUERY,
    headers: FILE_HEADERS,
  }),
  route("POST", "/api/public/upload/:hash{[^/]+}/*", {
    path: sharePath("/api/public/upload/", true),
    body: "raw",
    headers: ["Content-Type", "X-Share-Token"],
  }),
  // A share visitor's previews: each route with and without a path inside the share, GET and HEAD.
  ...(["playlist", "frame", "probe", "vtt", "markdown"] as const).flatMap((name) =>
    ["GET", "HEAD"].flatMap((method) =>
      [true, false].map((sub) =>
        route(method, `/api/public/${name}/:hash{[^/]+}${sub ? "/*" : ""}`, {
          path: sharePath(`/api/public/${name}/`, sub),
          query: ["res", "seg", "master", "t", "w", "thumbnails", "sprite", "si", "token"],
          valid: {
            res: ["720-2", "0-0"],
            seg: ["0"],
            master: ["true"],
            t: ["0", "-1"],
            thumbnails: ["vtt"],
            sprite: ["0"],
            si: ["0", "99"],
          },
          headers: [...FILE_HEADERS, "X-Share-Token"],
        }),
      ),
    ),
  ),
  route("OPTIONS", "/api/public/tus/*", { path: sharePath("/api/public/tus/", true), headers: ["Tus-Resumable"] }),
  route("POST", "/api/public/tus/:hash{[^/]+}/*", {
    path: sharePath("/api/public/tus/", true),
    body: "raw",
    headers: ["Tus-Resumable", "Upload-Length", "Upload-Metadata", "Content-Type", "X-Share-Token"],
    mustHeaders: ["Tus-Resumable", "Upload-Length"],
  }),
  route("GET", "/api/public/tus/:hash{[^/]+}/*", {
    path: sharePath("/api/public/tus/", true),
    query: ["key"],
    headers: ["Tus-Resumable"],
    mustHeaders: ["Tus-Resumable"],
  }),
  route("PATCH", "/api/public/tus/:hash{[^/]+}/*", {
    path: sharePath("/api/public/tus/", true),
    query: ["key"],
    body: "raw",
    headers: ["Tus-Resumable", "Upload-Offset", "Content-Type"],
    mustHeaders: ["Tus-Resumable", "Upload-Offset", "Content-Type"],
  }),
  route("DELETE", "/api/public/tus/:hash{[^/]+}/*", {
    path: sharePath("/api/public/tus/", true),
    query: ["key"],
    headers: ["Tus-Resumable"],
    mustHeaders: ["Tus-Resumable"],
  }),
  route("GET", "/api/task", { path: fixed("/api/task"), headers: ["Origin", "Cookie"] }),
  route("GET", "/api/command/*", { path: under("/api/command"), headers: ["Origin", "Cookie"] }),
  route("GET", "/api/playlist/*", {
    path: under("/api/playlist"),
    query: ["res", "seg", "master"],
    must: ["res"],
    valid: { res: ["720-2", "360-1", "0-0", "9999-99"], seg: ["0", "999999999"], master: ["true"] },
  }),
  route("HEAD", "/api/playlist/*", {
    path: under("/api/playlist"),
    query: ["res", "master"],
    valid: { res: ["720-2"], master: ["true"] },
  }),
  route("GET", "/api/frame/*", {
    path: under("/api/frame"),
    query: ["t", "w", "thumbnails", "sprite"],
    must: ["t"],
    valid: { t: ["0", "1.5", "-1"], w: ["1", "2049"], thumbnails: ["vtt"], sprite: ["0", "1"] },
  }),
  route("HEAD", "/api/frame/*", {
    path: under("/api/frame"),
    query: ["t", "thumbnails"],
    valid: { t: ["0"], thumbnails: ["vtt"] },
  }),
  route("GET", "/api/search/*", {
    path: under("/api/search"),
    query: ["query", "offset", "limit", "typed"],
    must: ["query"],
    valid: {
      query: ["notes", "type:image", "+doc -x", '"a b"', "case:sensitive N", "type:"],
      offset: ["0", "1"],
      limit: ["0", "10000", "10001"],
      typed: ["true"],
    },
  }),
  route("GET", "/api/search", {
    path: fixed("/api/search"),
    query: ["query", "offset", "limit", "typed"],
    valid: { query: ["notes", "type:video"], typed: ["true"] },
  }),
  route("GET", "/api/hot-search", {
    path: fixed("/api/hot-search"),
    query: ["num"],
    valid: { num: ["0", "1", "100", "101"] },
  }),
  route("POST", "/api/hot-search", { path: fixed("/api/hot-search"), query: ["keyword"] }),
  route("DELETE", "/api/hot-search", { path: fixed("/api/hot-search"), query: ["keyword"] }),
  route("GET", "/api/search-index", { path: fixed("/api/search-index") }),
  route("POST", "/api/search-index/rebuild", { path: fixed("/api/search-index/rebuild") }),
  route("GET", "/api/openapi.json", { path: fixed("/api/openapi.json"), headers: ["If-None-Match"] }),
  route("GET", "/api/progress/:id", {
    path: () => fc.oneof(encodedText, fc.uuid()).map((id) => `/api/progress/${id}`),
  }),
  route("OPTIONS", "/api/tus/*", {
    path: under("/api/tus"),
    headers: ["Tus-Resumable"],
    mustHeaders: ["Tus-Resumable"],
  }),
  route("POST", "/api/tus/*", {
    path: under("/api/tus"),
    query: ["override"],
    valid: { override: ["true"] },
    body: "raw",
    headers: ["Tus-Resumable", "Upload-Length", "Upload-Metadata", "Upload-Defer-Length", "Content-Type"],
    mustHeaders: ["Tus-Resumable", "Upload-Length"],
  }),
  route("GET", "/api/tus/*", { path: under("/api/tus"), headers: ["Tus-Resumable"], mustHeaders: ["Tus-Resumable"] }),
  route("PATCH", "/api/tus/*", {
    path: under("/api/tus"),
    body: "raw",
    headers: ["Tus-Resumable", "Upload-Offset", "Content-Type"],
    mustHeaders: ["Tus-Resumable", "Upload-Offset", "Content-Type"],
  }),
  route("DELETE", "/api/tus/*", {
    path: under("/api/tus"),
    headers: ["Tus-Resumable"],
    mustHeaders: ["Tus-Resumable"],
  }),
  route("GET", "/static/:file", {
    path: () =>
      fc
        .oneof(encodedText, fc.constantFrom("index.js", "..%2Findex.html", "%2e%2e", "a.css.gz"))
        .map((f) => `/static/${f}`),
    headers: ["Accept-Encoding", "If-None-Match"],
  }),
  route("GET", "/branding/:file{custom\\.css|img/logo\\.svg}", {
    path: () => fc.constantFrom("/branding/custom.css", "/branding/img/logo.svg"),
    headers: ["If-None-Match"],
  }),
  route("GET", "/api/*", { path: under("/api") }),
  route("GET", "/*", { path: under(""), headers: ["Accept-Encoding"] }),
  route("ANY", "*", {
    path: under(""),
    send: fc.constantFrom("PROPFIND", "MKCOL", "PURGE", "FOO", "OPTIONS", "PATCH", "DELETE", "PUT", "POST"),
  }),
  route("POST", "/api/resources/*", {
    path: under("/api/resources"),
    query: ["override"],
    valid: { override: ["true", "false"] },
    body: "raw",
    headers: WRITE_HEADERS,
  }),
  route("PUT", "/api/resources/*", {
    path: under("/api/resources"),
    body: "raw",
    headers: ["X-If-Modified-At", "Content-Type", "Origin"],
  }),
  route("PATCH", "/api/resources/*", {
    path: under("/api/resources"),
    query: ["action", "destination", "override", "rename", "mode", "recursive", "password"],
    must: ["action", "destination", "mode"],
    headers: ["X-Progress-Id", "Origin"],
    valid: {
      action: ["rename", "copy", "chmod", "passwdrename", "imageProcess", "__proto__", "toString"],
      override: ["true"],
      rename: ["true"],
      recursive: ["true"],
      mode: ["755", "644", "0", "777", "8", "1234", "-1"],
      destination: ["/docs/moved.txt", "/sub/deep/", "/docs/", "/", "%2Fnew.txt"],
    },
  }),
  route("DELETE", "/api/share/:hash", { path: () => encodedText.map((h) => `/api/share/${h}`) }),
  route("DELETE", "/api/users/:id", { path: userIdPath("/api/users/", (w) => [1, w.doomed.id]) }),
  // Sessions of the users the world logs in with are only read: ending them would sign the fuzz callers out.
  route("GET", "/api/users/:id/sessions", {
    path: withSuffix(
      userIdPath("/api/users/", (w) => [1, w.user.id, w.victim.id, w.doomed.id]),
      "/sessions",
    ),
  }),
  route("DELETE", "/api/users/:id/sessions", {
    path: (w) => doomedOnly(w).map((id) => `/api/users/${id}/sessions`),
    headers: WRITE_HEADERS,
  }),
  route("DELETE", "/api/users/:id/sessions/:handle", {
    path: (w) => fc.tuple(doomedOnly(w), encodedText).map(([id, h]) => `/api/users/${id}/sessions/${h}`),
    headers: WRITE_HEADERS,
  }),
  route("PATCH", "/api/share/:hash", {
    path: sharePath("/api/share/", false),
    body: "json",
    shaped: () =>
      fc.record({ downloadRate: fc.oneof(fc.integer({ min: -1, max: 1 << 30 }), jsonValue) }, { requiredKeys: [] }),
    headers: WRITE_HEADERS,
  }),
  route("DELETE", "/api/resources/*", {
    path: under("/api/resources"),
    query: ["permanent"],
    headers: ["X-Progress-Id", "Origin"],
  }),
  route("GET", "/api/trash", { path: fixed("/api/trash") }),
  route("GET", "/api/activity", {
    path: fixed("/api/activity"),
    query: ["user", "action", "path", "from", "to", "before", "limit"],
  }),
  route("GET", "/api/activity.csv", {
    path: fixed("/api/activity.csv"),
    query: ["user", "action", "path", "from", "to"],
  }),
  route("GET", "/api/versions/*", { path: under("/api/versions") }),
  route("GET", "/api/version/:id", { path: () => encodedText.map((id) => `/api/version/${id}`), query: ["inline"] }),
  route("POST", "/api/version/:id/restore", {
    path: () => encodedText.map((id) => `/api/version/${id}/restore`),
    headers: WRITE_HEADERS,
  }),
  route("POST", "/api/trash/:id/restore", {
    path: () => encodedText.map((id) => `/api/trash/${id}/restore`),
    body: "json",
    shaped: () =>
      fc.record(
        {
          destination: fc.oneof(urlPath(FUZZ_PATHS), anyText, jsonValue),
          conflict: fc.oneof(fc.constantFrom("fail", "replace", "rename"), jsonValue),
        },
        { requiredKeys: [] },
      ),
    headers: WRITE_HEADERS,
  }),
  route("DELETE", "/api/trash/:id", {
    path: () => encodedText.map((id) => `/api/trash/${id}`),
    headers: WRITE_HEADERS,
  }),
  route("DELETE", "/api/trash", { path: fixed("/api/trash"), headers: WRITE_HEADERS }),
];

/** `METHOD pattern` keys of the fuzzed routes (the catch-all `ANY *` is beyond the app's list). */
export function fuzzedRouteKeys(): Set<string> {
  return new Set(FUZZED_ROUTES.map((r) => `${r.method} ${r.pattern}`));
}

/** The few paths the races fight over: files, folders, a file inside a folder that moves. */
const HOT = ["/h/a.txt", "/h/b.txt", "/h/d/", "/h/d/c.txt", "/h/d/e/", "/h/", "/h/d/e/f.txt"];
const hotPath = fc.constantFrom(...HOT);
const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");

/**
 * A well-formed file operation of the admin on one of the HOT paths: upload, folder creation, save, rename, copy
 * (with and without override or rename), delete, listing, download, archive, checksum, usage, tus creation.
 * Sent many at once, they race for the same names.
 */
export const raceRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom(
      "upload",
      "mkdir",
      "save",
      "rename",
      "copy",
      "delete",
      "list",
      "raw",
      "zip",
      "checksum",
      "usage",
      "tus",
    ),
    hotPath,
    hotPath,
    fc.constantFrom("", "&override=true", "&rename=true"),
    fc.uint8Array({ maxLength: 4096 }),
  )
  .map(([op, path, dest, flag, bytes]): FuzzRequest => {
    const file = path.endsWith("/") ? `${path}x.bin` : path;
    const base = { auth: "admin" as AuthKind, headers: {} as Record<string, string> };
    switch (op) {
      case "upload":
        return {
          ...base,
          method: "POST",
          url: `/api/resources${enc(file)}?override=${flag ? "true" : "false"}`,
          body: bytes,
        };
      case "mkdir":
        return { ...base, method: "POST", url: `/api/resources${enc(path.endsWith("/") ? path : `${path}/`)}` };
      case "save":
        return { ...base, method: "PUT", url: `/api/resources${enc(file)}`, body: bytes };
      case "rename":
      case "copy":
        return {
          ...base,
          method: "PATCH",
          url: `/api/resources${enc(path)}?action=${op}&destination=${encodeURIComponent(enc(dest))}${flag}`,
        };
      case "delete":
        return {
          ...base,
          method: "DELETE",
          url: `/api/resources${enc(path)}`,
          headers: { "X-Progress-Id": `race-${Math.abs(bytes.length)}-0000` },
        };
      case "list":
        return { ...base, method: "GET", url: `/api/resources${enc(path)}` };
      case "raw":
        return { ...base, method: "GET", url: `/api/raw${enc(file)}`, headers: { Range: "bytes=0-99" } };
      case "zip":
        return { ...base, method: "GET", url: `/api/raw${enc(path)}?algo=zip` };
      case "checksum":
        return { ...base, method: "GET", url: `/api/resources${enc(file)}?checksum=sha256` };
      case "usage":
        return { ...base, method: "GET", url: `/api/resources${enc(path)}?usage=true` };
      default:
        return {
          ...base,
          method: "POST",
          url: `/api/tus${enc(file)}${flag ? "?override=true" : ""}`,
          headers: {
            "Tus-Resumable": "1.0.0",
            "Upload-Length": String(bytes.length),
            "Content-Type": "application/offset+octet-stream",
          },
          body: bytes,
        };
    }
  });
