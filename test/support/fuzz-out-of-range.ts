/**
 * @module fast-check arbitraries of out-of-range values for the validators: wrong types, integers outside their
 * range or off their step, over-long strings, values outside a list, broken rules, scopes, locales, sortings and
 * permission objects, per settings field spec and per users API field.
 */
import fc from "fast-check";
import type { FieldSpec } from "../../src/server/settings/schema";
import { anyText, jsonValue } from "./fuzz-arbitraries";

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
  return fc.oneof(
    ...Object.entries(kinds)
      .filter(([k]) => !keep.includes(k))
      .map(([, a]) => a),
  );
}

/** Integers (and numeric strings, fractions, other types) outside [min, max] or off the `step`. */
export function outOfRangeInteger(min: number, max: number, step?: number): fc.Arbitrary<unknown> {
  const outside = fc.oneof(
    fc.constantFrom(min - 1, max + 1, -1e20, 1e20, Number.MAX_SAFE_INTEGER + 10),
    fc.nat().map((n) => min - 1 - n),
    fc.nat().map((n) => max + 1 + n),
  );
  const arbs = [
    outside,
    outside.map(String),
    fc.constant(min + 0.5),
    fc.constant(String(min + 0.25)),
    notOfType("number", "string"),
    fc.constantFrom("", " ", "abc", "1,5", "5px", "NaN", "Infinity", "1e400"),
  ];
  if (step)
    arbs.push(
      fc
        .integer({ min: Math.ceil(min / step), max: Math.floor((max - 1) / step) })
        .chain((k) => fc.integer({ min: 1, max: step - 1 }).map((r) => k * step + r)),
    );
  return fc.oneof(...arbs);
}

/** Strings longer than `max`, and every other type. */
export function tooLongOrNotString(max: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.integer({ min: max + 1, max: max + 64 }).map((n) => "a".repeat(n)),
    notOfType("string"),
  );
}

/** Text that is not one of `allowed` (and not over `max` characters). */
export function notOneOf(allowed: readonly string[], max = 64): fc.Arbitrary<unknown> {
  return fc.oneof(
    anyText.filter((s) => !allowed.includes(s) && s.length <= max),
    allowed.length ? fc.constantFrom(...allowed).map((s) => s.toUpperCase() + " ") : anyText,
    notOfType("string"),
  );
}

/** Non-empty text that is not an http(s) URL once trimmed. */
export function notHttpUrl(max: number): fc.Arbitrary<unknown> {
  const url = /^https?:\/\/[^\s]+$/i;
  return fc.oneof(
    fc.constantFrom(
      "ftp://example.com",
      "javascript:alert(1)",
      "http://",
      "https:// x",
      "//example.com",
      "example.com",
      "file:///etc/passwd",
    ),
    anyText.filter((s) => s.trim() !== "" && !url.test(s.trim()) && s.length <= max),
    notOfType("string"),
  );
}

/** Values of a list-of-words field that are not: other types, or lists holding something else than strings. */
export const notWords: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("string", "array"),
  fc.array(notOfType("string"), { minLength: 1, maxLength: 3 }),
  fc.tuple(anyText, notOfType("string")),
);

/** Values of a list of strings that are not one (a plain string included). */
export const notStringList: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("array"),
  fc.array(notOfType("string"), { minLength: 1, maxLength: 3 }),
);

/** Values of an event-to-lines map that are not one. */
export const notCommandMap: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("object"),
  fc
    .tuple(
      anyText,
      fc.oneof(notOfType("string", "array"), fc.array(notOfType("string"), { minLength: 1, maxLength: 2 })),
    )
    .map(([k, v]) => ({ [k || "e"]: v })),
);

/** Rule lists that break one rule: types, empty or escaping paths, broken regular expressions, too many rules. */
export const badRules: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("array"),
  fc.constant(Array.from({ length: 1001 }, () => ({ path: "/x" }))),
  fc
    .oneof(
      fc.record({ path: fc.constantFrom("", " ", "..", "/a/../../b", "/x/\u0000"), allow: fc.boolean() }),
      fc.record({ path: notOfType("string") }),
      // null stands for "not given" (false) in allow and regex, so it is no wrong value there.
      fc.record({ path: fc.constant("/ok"), allow: notOfType("boolean", "null") }),
      fc.record({ path: fc.constant("/ok"), regex: notOfType("boolean", "null") }),
      fc.record({
        regex: fc.constant(true),
        regexp: fc.record({ raw: fc.constantFrom("(", "[", "a{2,1}", "(?<", "\\", "") }),
      }),
      fc.record({ path: fc.constant("/x".repeat(2049)) }),
    )
    .chain((bad) =>
      fc.array(fc.constant({ path: "/fine", allow: true }), { maxLength: 2 }).map((good) => [...good, bad]),
    ),
);

/** Scopes that are not a folder inside the root: escapes, NUL bytes, other types, over 4096 characters. */
export const badScope: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("..", "/..", "/../etc", "/a/../../b", "../x", "/x/\u0000y"),
  tooLongOrNotString(4096),
);

/** Locales that do not look like `en` or `zh-cn`. */
export const badLocale: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("e", "english", "en_US", "1234", "en-", "-en", "en-us-x", "zh-abcdefghi", "../en", "en\u0000"),
  anyText.filter(
    (s) => s.trim() !== "" && s.length <= 16 && !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(s.trim().toLowerCase()),
  ),
  tooLongOrNotString(16),
);

/** Sorting objects that are not `{by: name|size|modified|modeStr, asc: boolean}`. */
export const badSorting: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("object"),
  fc.record({ by: notOneOf(["name", "size", "modified", "modeStr"]), asc: fc.boolean() }),
  fc.record({ by: fc.constant("name"), asc: notOfType("boolean", "null") }),
);

/** Permission objects that are not objects of boolean flags. */
export const badPerm: fc.Arbitrary<unknown> = fc.oneof(
  notOfType("object", "array"),
  fc.constant([]),
  fc.constant([true]),
  fc
    .tuple(
      fc.constantFrom("admin", "execute", "create", "rename", "modify", "delete", "share", "download", "publish"),
      notOfType("boolean"),
    )
    .map(([k, v]) => ({ [k]: v })),
);

/** Minimum password length of a fresh install (the minimumPasswordLength setting's default). */
const MIN_PASSWORD = 12;

/** Out-of-range values of each field of the users API (`{what, which, data}`, docs/product.md "User calls"). */
export const BAD_USER_FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  username: fc.oneof(
    fc.constantFrom("", "   ", "a/b", "a\\b", "tab\tname", "nul\u0000", ".", "..", " .. ", "x\u007f"),
    fc.integer({ min: 65, max: 300 }).map((n) => "u".repeat(n)),
    notOfType("string"),
  ),
  password: fc.oneof(
    fc.string({ maxLength: MIN_PASSWORD - 1 }),
    fc.integer({ min: 1025, max: 1100 }).map((n) => "p".repeat(n)),
    notOfType("string"),
  ),
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

/**
 * Out-of-range values of one global settings field, by its spec (docs/product.md "Settings ranges",
 * settings/schema.ts).
 */
export function outOfRangeSetting(spec: FieldSpec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case "boolean":
      return notOfType("boolean");
    case "integer":
      return outOfRangeInteger(spec.min, spec.max, spec.step);
    case "string":
      if (spec.oneOf) return fc.oneof(notOneOf(spec.oneOf, spec.max), tooLongOrNotString(spec.max));
      if (spec.url) return fc.oneof(notHttpUrl(spec.max), tooLongOrNotString(spec.max));
      return tooLongOrNotString(spec.max);
    case "words":
      return notWords;
    case "string-list":
      return notStringList;
    case "command-map":
      return notCommandMap;
    case "rules":
      return badRules;
    case "user-defaults":
      return notOfType("object");
  }
}
