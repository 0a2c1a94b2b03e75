/**
 * @module fast-check arbitraries of hostile HTTP input for the fuzz tests: query values, URL path segments, JSON
 * bodies (well-formed, broken, deep, prototype keys), raw bodies and request headers. Pure generators: nothing here
 * talks to a server.
 */
import fc from "fast-check";

/** Values that broke parsers before: edges of numbers, encodings, paths, sizes and types. */
export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "0",
  "-0",
  "-1",
  "1.5",
  "1e309",
  "-1e309",
  "1e-7",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x1f",
  "0b11",
  "0o17",
  "9007199254740993",
  "99999999999999999999999999999",
  "2147483648",
  "4294967296",
  "-2147483649",
  "00012",
  "+5",
  "true",
  "false",
  "null",
  "undefined",
  "[]",
  "{}",
  "[1,2]",
  '{"a":1}',
  "yes",
  "no",
  "on",
  "%",
  "%%",
  "%zz",
  "%00",
  "%2F",
  "%2e%2e",
  "%c0%af",
  "%ff",
  "\u0000",
  "\u0001",
  "\u007f",
  "\t",
  "\r\n",
  "\n",
  "..",
  "../..",
  "../../../../etc/passwd",
  "/",
  "//",
  "///x",
  ".",
  "./",
  "~",
  "\\",
  "..\\..",
  "C:\\",
  "a/../../b",
  "é",
  "ß",
  "İ",
  "😀",
  "\u200b",
  "\ufeff",
  "\ud800",
  "\uffff",
  "𝔘𝔫𝔦",
  "日本語",
  "<script>alert(1)</script>",
  "${7*7}",
  "{{7*7}}",
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  "$(id)",
  "`id`",
  "a".repeat(300),
  "x".repeat(5000),
  "/a".repeat(400),
  "?",
  "#",
  "&",
  "=",
  ",",
  ";",
  "*",
  "**",
  "[",
  "]",
  "|",
];

/** A short string of any kind: nasty values, ASCII, unicode graphemes, lone surrogates, numbers as text. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** A query value: mostly `anyText`, sometimes one of the values the route really reads (`valid`). */
export function queryValue(valid: readonly string[] = []): fc.Arbitrary<string> {
  return valid.length ? fc.oneof(anyText, fc.constantFrom(...valid)) : anyText;
}

/**
 * A query string (without "?"): the `required` names always (the value may still be hostile), a few of the
 * route's `names` (with values from `valid[name]` or hostile text), plus now and then an unknown name, a repeated
 * name or raw malformed encoding.
 */
export function queryString(
  names: readonly string[],
  valid: Record<string, readonly string[]> = {},
  required: readonly string[] = [],
): fc.Arbitrary<string> {
  const known = names.length ? fc.constantFrom(...names) : fc.constant("x");
  const key = fc.oneof({ weight: 5, arbitrary: known }, { weight: 1, arbitrary: anyText });
  const pairOf = (k: string) => queryValue(valid[k] ?? []).map((v) => [k, v] as [string, string]);
  const musts = fc.tuple(
    ...required.map((k) => fc.oneof({ weight: 6, arbitrary: pairOf(k) }, { weight: 1, arbitrary: fc.constant(null) })),
  );
  const encoded = fc
    .tuple(musts, fc.array(key.chain(pairOf), { maxLength: 5 }))
    .map(([must, more]) =>
      new URLSearchParams([...must.filter((p): p is [string, string] => p !== null), ...more]).toString(),
    );
  const raw = fc.constantFrom("a=%zz", "=&&=", "%=%", "x=1&x=2&x=3", "q=%E0%A4%A", "&", "==", "a=%00b", ";;");
  return fc.oneof(
    { weight: 6, arbitrary: encoded },
    { weight: 1, arbitrary: fc.tuple(encoded, raw).map(([a, b]) => (a ? `${a}&${b}` : b)) },
  );
}

/** Raw (still encoded) forms of path segments that resolvers and decoders trip on. */
const RAW_SEGMENTS = [
  "..",
  ".",
  "%2e%2e",
  "%2E%2E",
  "%2e",
  "%2F",
  "%2f..%2f",
  "%5C",
  "%00",
  "%",
  "%zz",
  "%c0%ae",
  "%ff%fe",
  "..%2f..%2f",
  "...",
  "a%20b",
  "%252e%252e",
  "~root",
  ";x",
  "a:b",
  "%3Fq",
  "%23h",
  "CON",
  "nul",
  "x".repeat(300),
];

/**
 * A resource path as it appears in a URL after the route prefix, starting with "/": half the time one of the
 * fixture's real `paths` (segments URL-encoded), else segments picked from their names, hostile text
 * (URL-encoded) or raw encodings, with or without a trailing "/".
 */
export function urlPath(paths: readonly string[]): fc.Arbitrary<string> {
  const names = [...new Set(paths.flatMap((p) => p.split("/")).filter(Boolean))];
  const encode = (p: string) => p.split("/").map(encodeURIComponent).join("/");
  const segment = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names).map((n) => encodeURIComponent(n)) },
    { weight: 2, arbitrary: anyText.map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, "?"))) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
  const random = fc
    .tuple(fc.array(segment, { minLength: 0, maxLength: 4 }), fc.boolean())
    .map(([segs, dir]) => `/${segs.join("/")}${dir && segs.length ? "/" : ""}`);
  return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...paths).map(encode) }, { weight: 1, arbitrary: random });
}

/** A JSON value that may nest a little, with hostile strings and numbers. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    anyText,
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2, -2147483649, 0.5),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(anyText, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Bodies that are not (sane) JSON: broken syntax, huge nesting, prototype pollution attempts, binary. */
export const BROKEN_JSON: readonly string[] = [
  "",
  "{",
  "}",
  "[",
  '{"a":',
  "nul",
  "01",
  "{'a':1}",
  '{"a":1,}',
  "\u0000",
  "\ufeff{}",
  "1e99999",
  "-",
  "[".repeat(20000) + "]".repeat(20000),
  '{"a":'.repeat(5000) + "1" + "}".repeat(5000),
  '{"__proto__":{"admin":true,"perm":{"admin":true}}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"what":"user","which":["__proto__"],"data":{"__proto__":{"admin":true}}}',
  '"\\ud800"',
  '"' + "a".repeat(100000) + '"',
];

/**
 * A request body of a JSON route: `shaped` (objects in the route's own shape with hostile values), any JSON
 * value, or broken text.
 */
export function jsonBody(shaped?: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> {
  const arbs: fc.WeightedArbitrary<string | undefined>[] = [
    { weight: 3, arbitrary: jsonValue.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.constantFrom(...BROKEN_JSON) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ];
  if (shaped) arbs.push({ weight: 5, arbitrary: shaped.map((v) => JSON.stringify(v)) });
  return fc.oneof(...arbs);
}

/** A raw upload body: nothing, a few random bytes, or text. */
export const rawBody: fc.Arbitrary<Uint8Array | string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 2048 }),
  anyText,
);

/** A header value fetch accepts (visible Latin-1, no CR/LF), hostile in content. */
const headerText: fc.Arbitrary<string> = fc.oneof(
  anyText.map((t) => t.replace(/[^\x20-\x7e]/g, "").trim()),
  fc
    .string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 30 })
    .map((t) => t.trim()),
);

/** Values of headers the server reads, by header name. */
const HEADER_VALUES: Record<string, fc.Arbitrary<string>> = {
  "Content-Type": fc.oneof(
    headerText,
    fc.constantFrom(
      "application/json",
      "text/plain",
      "application/offset+octet-stream",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
    ),
  ),
  Range: fc.oneof(
    headerText,
    fc.constantFrom(
      "bytes=0-0",
      "bytes=-1",
      "bytes=5-",
      "bytes=0-1048575",
      "bytes=9-1",
      "bytes=-0",
      "bytes=0-1,2-3,4-5",
      "bytes=99999999999999999999-",
      "items=0-1",
      "bytes=a-b",
      "bytes=",
    ),
  ),
  "If-None-Match": fc.oneof(headerText, fc.constantFrom("*", '"x"', 'W/"x"', '""')),
  "If-Modified-Since": fc.oneof(
    headerText,
    fc.constantFrom("Thu, 01 Jan 1970 00:00:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "yesterday"),
  ),
  "If-Range": fc.oneof(headerText, fc.constantFrom('"x"', "Thu, 01 Jan 1970 00:00:00 GMT")),
  "X-If-Modified-At": fc.oneof(
    headerText,
    fc.constantFrom("1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "2026-13-45T99:99:99Z"),
  ),
  "X-Progress-Id": fc.oneof(headerText, fc.uuid()),
  "X-Share-Token": headerText,
  "Upload-Length": fc.oneof(
    headerText,
    fc.constantFrom("0", "1", "10", "-1", "1e3", "99999999999999999999", "1099511627776"),
  ),
  "Upload-Offset": fc.oneof(headerText, fc.constantFrom("0", "1", "-1", "5", "99999999999999999999")),
  "Upload-Metadata": fc.oneof(
    headerText,
    fc.constantFrom("filename ZmlsZS50eHQ=", "filename", "a b c", "filename !!!", ",,", "x eA==,x eA=="),
  ),
  "Upload-Defer-Length": fc.constantFrom("1", "0", "x"),
  "Tus-Resumable": fc.oneof({ weight: 5, arbitrary: fc.constant("1.0.0") }, { weight: 1, arbitrary: headerText }),
  "Accept-Encoding": fc.oneof(headerText, fc.constantFrom("gzip", "br", "zstd", "*", "identity;q=0", "gzip;q=NaN")),
  Origin: fc.oneof(headerText, fc.constantFrom("null", "http://evil.example", "http://127.0.0.1")),
  "Sec-Fetch-Site": fc.constantFrom("same-origin", "cross-site", "none", "x"),
  "X-Forwarded-For": fc.oneof(
    headerText,
    fc.constantFrom("1.2.3.4", "::1", "1.2.3.4, 5.6.7.8", "999.1.1.1", "unknown"),
  ),
  "X-Forwarded-Host": headerText,
  Cookie: fc.oneof(
    headerText.map((t) => `auth=${t}`),
    fc.constantFrom("auth=", "auth=a.b.c", "a=b; auth=x; auth=y"),
  ),
  Upgrade: fc.constantFrom("websocket", "h2c", "x"),
};

/**
 * A few request headers, picked among `names` with hostile values; the `required` ones nearly always (with a
 * real value most of the time), since without them the route answers before reading anything else.
 */
export function headers(
  names: readonly string[] = Object.keys(HEADER_VALUES),
  required: readonly string[] = [],
): fc.Arbitrary<Record<string, string>> {
  const pairs = names.map((n) =>
    fc
      .option(HEADER_VALUES[n] ?? headerText, { freq: required.includes(n) ? 12 : 2, nil: undefined })
      .map((v) => [n, v] as const),
  );
  return fc
    .tuple(...pairs)
    .map((list) => Object.fromEntries(list.filter(([, v]) => v !== undefined)) as Record<string, string>);
}
