/**
 * @module Fuzzes below fetch: raw HTTP/1.1 bytes on a socket (request lines with spaces, raw non-ASCII bytes,
 * backslashes and dot segments, absolute-form targets, odd versions; duplicate, folded and malformed headers;
 * bodies shorter or longer than declared, broken chunked encoding). The server must never crash, never leak its
 * insides and never answer 500-504; answers Bun's parser makes itself (400, 431, 505, or closing the socket)
 * are its own business.
 */
import fc from "fast-check";
import { connect } from "node:net";
import { anyText } from "./fuzz-arbitraries";
import { leakIn, stillServing, type FuzzWorld } from "./fuzz-world";

const METHODS = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "get",
  "G ET",
  "TRACE",
  "CONNECT",
  "FOO",
  "",
];
const TARGETS = [
  "/api/resources/",
  "/api/resources/docs/notes.txt",
  "/api/raw/docs/notes.txt",
  "/api/resources/a b",
  "/api/resources/\xff\xfe",
  "/api/resources/..\\..\\etc",
  "/api/resources/../../etc/passwd",
  "//api//resources//",
  "http://evil/api/resources/",
  "*",
  "",
  "/api/resources/%",
  "/api/resources/%00",
  "/health?x=%zz",
  "/api/tus/x.bin",
  "/api/login",
  "/api/settings",
  "/\t/",
  "/api/users/1",
];
const VERSIONS = ["HTTP/1.0", "HTTP/2", "HTTP/9.9", "http/1.1", "HTTP/1.1 x", ""];

/** A header line, sometimes malformed: no colon, a folded continuation, control characters, a huge value. */
function headerLine(token: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      `X-Auth: ${token}`,
      "X-Auth: bogus",
      "Content-Type: application/json",
      "Content-Length: 0",
      "Content-Length: 5",
      "Content-Length: -1",
      "Content-Length: 99999999999999999999",
      "Transfer-Encoding: chunked",
      "Transfer-Encoding: gzip, chunked",
      "Range: bytes=0-1",
      "Tus-Resumable: 1.0.0",
      "Upload-Length: 3",
      "Cookie: auth=x",
      "Expect: 100-continue",
      "Connection: keep-alive, Upgrade",
      "Upgrade: websocket",
      "NoColonHere",
      " folded continuation",
      "X-Ctl: a\x01b",
      "X-Nul: a\x00b",
      ": empty name",
      "Host: other",
      `X-Long: ${"l".repeat(20000)}`,
    ),
    anyText.map((t) => `X-F: ${t.replace(/[\r\n]/g, "")}`),
  );
}

/** A whole raw request as bytes. */
function wireRequest(host: string, token: string): fc.Arbitrary<Buffer> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("GET", "POST", "PATCH", "DELETE") },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
      ),
      target: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...TARGETS) },
        { weight: 1, arbitrary: anyText.map((t) => `/api/resources/${t.replace(/[\r\n]/g, "")}`) },
      ),
      version: fc.oneof(
        { weight: 6, arbitrary: fc.constant("HTTP/1.1") },
        { weight: 1, arbitrary: fc.constantFrom(...VERSIONS) },
      ),
      host: fc.oneof(
        { weight: 4, arbitrary: fc.constant(`Host: ${host}`) },
        { weight: 1, arbitrary: fc.constantFrom("Host:", "Host: a b", "") },
      ),
      headers: fc.array(headerLine(token), { maxLength: 5 }),
      body: fc.oneof(
        fc.constant(""),
        anyText,
        fc.constantFrom("5\r\nhello\r\n0\r\n\r\n", "zz\r\nx\r\n", "0\r\n\r\n", "3\r\nab"),
      ),
    })
    .map((r) => {
      const head = [`${r.method} ${r.target} ${r.version}`.trim(), r.host, "Connection: close", ...r.headers]
        .filter(Boolean)
        .join("\r\n");
      return Buffer.from(`${head}\r\n\r\n${r.body}`, "latin1");
    });
}

/** Sends `bytes`, half-closes, and resolves with what came back (empty when the server closed without a word). */
function exchange(origin: string, bytes: Buffer): Promise<string> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    let data = "";
    const sock = connect(Number(url.port), url.hostname, () => sock.end(bytes));
    const done = () => {
      clearTimeout(timer);
      sock.destroy();
      resolve(data);
    };
    // A request that declared more body than it sent may wait for it; the half-close ends it on our side.
    const timer = setTimeout(done, 5000);
    sock.on("data", (d) => (data += d.toString("latin1")));
    sock.on("end", done);
    sock.on("error", done);
  });
}

/** Answers the server itself must never give (its parser's own 505 for an unreadable request line is allowed). */
const SERVER_ERROR = /^HTTP\/1\.[01] 50[0-4]/m;

/** Sends `runs` raw requests (one connection each), checks each answer and that the server still serves. */
export async function fuzzWire(w: FuzzWorld, runs: number, seed: number, log = false): Promise<number> {
  const host = new URL(w.server.origin).host;
  w.statuses.clear();
  let found = 0;
  await fc.assert(
    fc.asyncProperty(wireRequest(host, w.admin), async (bytes) => {
      w.cases++;
      const answer = await exchange(w.server.origin, bytes);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      w.statuses.set(status, (w.statuses.get(status) ?? 0) + 1);
      const problem = SERVER_ERROR.test(answer) ? answer.split("\r\n")[0] : leakIn(answer);
      if (problem && found++ < 3)
        w.failures.push(`wire: ${problem}\n    request: ${JSON.stringify(bytes.toString("latin1").slice(0, 300))}`);
      return true;
    }),
    { numRuns: runs, seed },
  );
  if (log)
    console.log(
      `fuzz: wire: ${runs} raw requests ${JSON.stringify(Object.fromEntries(w.statuses))} (0: closed without an answer)`,
    );
  const dead = await stillServing(w);
  if (dead) w.failures.push(`after the raw requests: ${dead}`);
  return runs;
}
