/**
 * @module fast-check arbitraries of hostile HTTP input for the fuzz tests: query values, URL path segments, JSON
 * bodies (well-formed, broken, deep, prototype keys), raw bodies and request headers. Pure generators: nothing here
 * talks to a server.
 */
import fc from "fast-check";
import type { FieldSpec } from "../../src/server/settings/schema";

/** Values that broke parsers before: edges of numbers, encodings, paths, sizes and types. */
export const NASTY_STRINGS: readonly string[] = [
  "", " ", "0", "-0", "-1", "1.5", "1e309", "-1e309", "1e-7", "NaN", "Infinity", "-Infinity", "0x1f", "0b11", "0o17",
  "9007199254740993", "99999999999999999999999999999", "2147483648", "4294967296", "-2147483649", "00012", "+5",
  "true", "false", "null", "undefined", "[]", "{}", "[1,2]", '{"a":1}', "yes", "no", "on",
  "%", "%%", "%zz", "%00", "%2F", "%2e%2e", "%c0%af", "%ff", "\u0000", "\u0001", "\u007f", "\t", "\r\n", "\n",
  "..", "../..", "../../../../etc/passwd", "/", "//", "///x", ".", "./", "~", "\\", "..\\..", "C:\\", "a/../../b",
  "é", "ß", "İ", "😀", "\u200b", "\ufeff", "\ud800", "\uffff", "𝔘𝔫𝔦", "日本語",
  "<script>alert(1)</script>", "${7*7}", "{{7*7}}", "' OR '1'='1", "\"; DROP TABLE users; --", "$(id)", "`id`",
  "a".repeat(300), "x".repeat(5000), "/a".repeat(400), "?", "#", "&", "=", ",", ";", "*", "**", "[", "]", "|",
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
export function queryString(names: readonly string[], valid: Record<string, readonly string[]> = {}, required: readonly string[] = []): fc.Arbitrary<string> {
  const known = names.length ? fc.constantFrom(...names) : fc.constant("x");
  const key = fc.oneof({ weight: 5, arbitrary: known }, { weight: 1, arbitrary: anyText });
  const pairOf = (k: string) => queryValue(valid[k] ?? []).map((v) => [k, v] as [string, string]);
  const musts = fc.tuple(...required.map((k) => fc.oneof({ weight: 6, arbitrary: pairOf(k) }, { weight: 1, arbitrary: fc.constant(null) })));
  const encoded = fc.tuple(musts, fc.array(key.chain(pairOf), { maxLength: 5 }))
    .map(([must, more]) => new URLSearchParams([...must.filter((p): p is [string, string] => p !== null), ...more]).toString());
  const raw = fc.constantFrom("a=%zz", "=&&=", "%=%", "x=1&x=2&x=3", "q=%E0%A4%A", "&", "==", "a=%00b", ";;");
  return fc.oneof({ weight: 6, arbitrary: encoded }, { weight: 1, arbitrary: fc.tuple(encoded, raw).map(([a, b]) => (a ? `${a}&${b}` : b)) });
}

/** Raw (still encoded) forms of path segments that resolvers and decoders trip on. */
const RAW_SEGMENTS = [
  "..", ".", "%2e%2e", "%2E%2E", "%2e", "%2F", "%2f..%2f", "%5C", "%00", "%", "%zz", "%c0%ae", "%ff%fe", "..%2f..%2f",
  "...", "a%20b", "%252e%252e", "~root", ";x", "a:b", "%3Fq", "%23h", "CON", "nul", "x".repeat(300),
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
    fc.constant(null), fc.boolean(), anyText, fc.integer(), fc.double(),
    fc.constantFrom(0, -1, 1e309 as number, Number.MAX_SAFE_INTEGER + 2, -2147483649, 0.5),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(anyText, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** Bodies that are not (sane) JSON: broken syntax, huge nesting, prototype pollution attempts, binary. */
export const BROKEN_JSON: readonly string[] = [
  "", "{", "}", "[", "{\"a\":", "nul", "01", "{'a':1}", "{\"a\":1,}", "\u0000", "\ufeff{}", "1e99999", "-",
  "[".repeat(20000) + "]".repeat(20000), "{\"a\":".repeat(5000) + "1" + "}".repeat(5000),
  '{"__proto__":{"admin":true,"perm":{"admin":true}}}', '{"constructor":{"prototype":{"x":1}}}',
  '{"what":"user","which":["__proto__"],"data":{"__proto__":{"admin":true}}}', '"\\ud800"', "\"" + "a".repeat(100000) + "\"",
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
  fc.constant(undefined), fc.uint8Array({ maxLength: 2048 }), anyText,
);

/** A header value fetch accepts (visible Latin-1, no CR/LF), hostile in content. */
const headerText: fc.Arbitrary<string> = fc.oneof(
  anyText.map((t) => t.replace(/[^\x20-\x7e]/g, "").trim()),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 30 }).map((t) => t.trim()),
);

/** Values of headers the server reads, by header name. */
const HEADER_VALUES: Record<string, fc.Arbitrary<string>> = {
  "Content-Type": fc.oneof(headerText, fc.constantFrom("application/json", "text/plain", "application/offset+octet-stream", "multipart/form-data; boundary=x", "application/json; charset=utf-16")),
  Range: fc.oneof(headerText, fc.constantFrom("bytes=0-0", "bytes=-1", "bytes=5-", "bytes=0-1048575", "bytes=9-1", "bytes=-0", "bytes=0-1,2-3,4-5", "bytes=99999999999999999999-", "items=0-1", "bytes=a-b", "bytes=")),
  "If-None-Match": fc.oneof(headerText, fc.constantFrom("*", "\"x\"", "W/\"x\"", "\"\"")),
  "If-Modified-Since": fc.oneof(headerText, fc.constantFrom("Thu, 01 Jan 1970 00:00:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "yesterday")),
  "If-Range": fc.oneof(headerText, fc.constantFrom("\"x\"", "Thu, 01 Jan 1970 00:00:00 GMT")),
  "X-If-Modified-At": fc.oneof(headerText, fc.constantFrom("1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "2026-13-45T99:99:99Z")),
  "X-Progress-Id": fc.oneof(headerText, fc.uuid()),
  "X-Share-Token": headerText,
  "Upload-Length": fc.oneof(headerText, fc.constantFrom("0", "1", "10", "-1", "1e3", "99999999999999999999", "1099511627776")),
  "Upload-Offset": fc.oneof(headerText, fc.constantFrom("0", "1", "-1", "5", "99999999999999999999")),
  "Upload-Metadata": fc.oneof(headerText, fc.constantFrom("filename ZmlsZS50eHQ=", "filename", "a b c", "filename !!!", ",,", "x eA==,x eA==")),
  "Upload-Defer-Length": fc.constantFrom("1", "0", "x"),
  "Tus-Resumable": fc.oneof({ weight: 5, arbitrary: fc.constant("1.0.0") }, { weight: 1, arbitrary: headerText }),
  "Accept-Encoding": fc.oneof(headerText, fc.constantFrom("gzip", "br", "zstd", "*", "identity;q=0", "gzip;q=NaN")),
  Origin: fc.oneof(headerText, fc.constantFrom("null", "http://evil.example", "http://127.0.0.1")),
  "Sec-Fetch-Site": fc.constantFrom("same-origin", "cross-site", "none", "x"),
  "X-Forwarded-For": fc.oneof(headerText, fc.constantFrom("1.2.3.4", "::1", "1.2.3.4, 5.6.7.8", "999.1.1.1", "unknown")),
  "X-Forwarded-Host": headerText,
  Cookie: fc.oneof(headerText.map((t) => `auth=${t}`), fc.constantFrom("auth=", "auth=a.b.c", "a=b; auth=x; auth=y")),
  Upgrade: fc.constantFrom("websocket", "h2c", "x"),
};

/**
 * A few request headers, picked among `names` with hostile values; the `required` ones nearly always (with a
 * real value most of the time), since without them the route answers before reading anything else.
 */
export function headers(names: readonly string[] = Object.keys(HEADER_VALUES), required: readonly string[] = []): fc.Arbitrary<Record<string, string>> {
  const pairs = names.map((n) =>
    fc.option(HEADER_VALUES[n] ?? headerText, { freq: required.includes(n) ? 12 : 2, nil: undefined }).map((v) => [n, v] as const));
  return fc.tuple(...pairs).map((list) => Object.fromEntries(list.filter(([, v]) => v !== undefined)) as Record<string, string>);
}

/** JSON values of every type but `keep` ("boolean", "number", "string", "array", "object"). */
export function notOfType(...keep: string[]): fc.Arbitrary<unknown> {
  const kinds: Record<string, fc.Arbitrary<unknown>> = {
    null: fc.constant(null),
    boolean: fc.boolean(),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    string: anyText,
    array: fc.array(jsonValue, { maxLength: 3 }),
    object: fc.dictionary(anyText, jsonValue, { maxKeys: 3 }),
  };
  return fc.oneof(...Object.entries(kinds).filter(([k]) => !keep.includes(k)).map(([, a]) => a));
}

/** Integers (and numeric strings, fractions, other types) outside [min, max] or off the `step`. */
export function outOfRangeInteger(min: number, max: number, step?: number): fc.Arbitrary<unknown> {
  const outside = fc.oneof(
    fc.constantFrom(min - 1, max + 1, -1e20, 1e20, Number.MAX_SAFE_INTEGER + 10),
    fc.nat().map((n) => min - 1 - n),
    fc.nat().map((n) => max + 1 + n),
  );
  const arbs = [
    outside, outside.map(String), fc.constant(min + 0.5), fc.constant(String(min + 0.25)),
    notOfType("number", "string"), fc.constantFrom("", " ", "abc", "1,5", "5px", "NaN", "Infinity", "1e400"),
  ];
  if (step) arbs.push(fc.integer({ min: Math.ceil(min / step), max: Math.floor((max - 1) / step) }).chain((k) => fc.integer({ min: 1, max: step - 1 }).map((r) => k * step + r)));
  return fc.oneof(...arbs);
}

/** Strings longer than `max`, and every other type. */
export function tooLongOrNotString(max: number): fc.Arbitrary<unknown> {
  return fc.oneof(fc.integer({ min: max + 1, max: max + 64 }).map((n) => "a".repeat(n)), notOfType("string"));
}

/** Text that is not one of `allowed` (and not over `max` characters). */
export function notOneOf(allowed: readonly string[], max = 64): fc.Arbitrary<unknown> {
  return fc.oneof(anyText.filter((s) => !allowed.includes(s) && s.length <= max), allowed.length ? fc.constantFrom(...allowed).map((s) => s.toUpperCase() + " ") : anyText, notOfType("string"));
}

/** Non-empty text that is not an http(s) URL once trimmed. */
export function notHttpUrl(max: number): fc.Arbitrary<unknown> {
  const url = /^https?:\/\/[^\s]+$/i;
  return fc.oneof(
    fc.constantFrom("ftp://example.com", "javascript:alert(1)", "http://", "https:// x", "//example.com", "example.com", "file:///etc/passwd"),
    anyText.filter((s) => s.trim() !== "" && !url.test(s.trim()) && s.length <= max),
    notOfType("string"),
  );
}

/** Values of a list-of-words field that are not: other types, or lists holding something else than strings. */
export const notWords: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("string", "array"), fc.array(notOfType("string"), { minLength: 1, maxLength: 3 }), fc.tuple(anyText, notOfType("string")),
);

/** Values of a list of strings that are not one (a plain string included). */
export const notStringList: fc.Arbitrary<unknown> = fc.oneof(notOfType("array"), fc.array(notOfType("string"), { minLength: 1, maxLength: 3 }));

/** Values of an event-to-lines map that are not one. */
export const notCommandMap: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("object"),
  fc.tuple(anyText, fc.oneof(notOfType("string", "array"), fc.array(notOfType("string"), { minLength: 1, maxLength: 2 }))).map(([k, v]) => ({ [k || "e"]: v })),
);

/** Rule lists that break one rule: types, empty or escaping paths, broken regular expressions, too many rules. */
export const badRules: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("array"),
  fc.constant(Array.from({ length: 1001 }, () => ({ path: "/x" }))),
  fc.oneof(
    fc.record({ path: fc.constantFrom("", " ", "..", "/a/../../b", "/x/\u0000"), allow: fc.boolean() }),
    fc.record({ path: notOfType("string") }),
    // null stands for "not given" (false) in allow and regex, so it is no wrong value there.
    fc.record({ path: fc.constant("/ok"), allow: notOfType("boolean", "null") }),
    fc.record({ path: fc.constant("/ok"), regex: notOfType("boolean", "null") }),
    fc.record({ regex: fc.constant(true), regexp: fc.record({ raw: fc.constantFrom("(", "[", "a{2,1}", "(?<", "\\", "") }) }),
    fc.record({ path: fc.constant("/x".repeat(2049)) }),
  ).chain((bad) => fc.array(fc.constant({ path: "/fine", allow: true }), { maxLength: 2 }).map((good) => [...good, bad])),
);

/** Scopes that are not a folder inside the root: escapes, NUL bytes, other types, over 4096 characters. */
export const badScope: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("..", "/..", "/../etc", "/a/../../b", "../x", "/x/\u0000y"), tooLongOrNotString(4096),
);

/** Locales that do not look like `en` or `zh-cn`. */
export const badLocale: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("e", "english", "en_US", "1234", "en-", "-en", "en-us-x", "zh-abcdefghi", "../en", "en\u0000"),
  anyText.filter((s) => s.trim() !== "" && s.length <= 16 && !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(s.trim().toLowerCase())),
  tooLongOrNotString(16),
);

/** Sorting objects that are not `{by: name|size|modified|modeStr, asc: boolean}`. */
export const badSorting: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("object"), fc.record({ by: notOneOf(["name", "size", "modified", "modeStr"]), asc: fc.boolean() }), fc.record({ by: fc.constant("name"), asc: notOfType("boolean", "null") }),
);

/** Permission objects that are not objects of boolean flags. */
export const badPerm: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("object", "array"), fc.constant([]), fc.constant([true]),
  fc.tuple(fc.constantFrom("admin", "execute", "create", "rename", "modify", "delete", "share", "download", "publish"), notOfType("boolean")).map(([k, v]) => ({ [k]: v })),
);

/** Minimum password length of a fresh install (the minimumPasswordLength setting's default). */
const MIN_PASSWORD = 12;

/** Out-of-range values of each field of the users API (SPEC section 7 `{what, which, data}`). */
export const BAD_USER_FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  username: fc.oneof(
    fc.constantFrom("", "   ", "a/b", "a\\b", "tab\tname", "nul\u0000", ".", "..", " .. ", "x\u007f"),
    fc.integer({ min: 65, max: 300 }).map((n) => "u".repeat(n)), notOfType("string"),
  ),
  password: fc.oneof(fc.string({ maxLength: MIN_PASSWORD - 1 }), fc.integer({ min: 1025, max: 1100 }).map((n) => "p".repeat(n)), notOfType("string")),
  scope: badScope,
  locale: badLocale,
  viewMode: notOneOf(["list", "mosaic"]),
  singleClick: notOfType("boolean"),
  showHidden: notOfType("boolean"),
  sorting: badSorting,
  perm: badPerm,
  commands: notWords,
  rules: badRules,
  lockPassword: notOfType("boolean"),
  theme: notOneOf(["light", "dark", "system"]),
};

/** Out-of-range values of one global settings field, by its spec (SPEC section 5 ranges, settings/schema.ts). */
export function outOfRangeSetting(spec: FieldSpec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case "boolean": return notOfType("boolean");
    case "integer": return outOfRangeInteger(spec.min, spec.max, spec.step);
    case "string":
      if (spec.oneOf) return fc.oneof(notOneOf(spec.oneOf, spec.max), tooLongOrNotString(spec.max));
      if (spec.url) return fc.oneof(notHttpUrl(spec.max), tooLongOrNotString(spec.max));
      return tooLongOrNotString(spec.max);
    case "words": return notWords;
    case "string-list": return notStringList;
    case "command-map": return notCommandMap;
    case "rules": return badRules;
    case "user-defaults": return notOfType("object");
  }
}
