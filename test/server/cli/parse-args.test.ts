import { describe, expect, it } from "bun:test";
import { parseCliArgs, type OptionKind } from "../../../src/server/cli/parse-args";

const kinds: Record<string, OptionKind> = { "perm.admin": "boolean", scope: "string", lockPassword: "boolean" };
const parse = (...argv: string[]) => parseCliArgs(argv, (n) => kinds[n]);

describe("parseCliArgs", () => {
  it("separates positionals, options, server flags and --json", () => {
    const a = parse("add", "bob", "pw", "--perm.admin", "--scope", "/x", "-d", "f.db", "--json", "--root=/srv");
    expect(a.positionals).toEqual(["add", "bob", "pw"]);
    expect([...a.options]).toEqual([
      ["perm.admin", true],
      ["scope", "/x"],
    ]);
    expect(a.serverFlags).toEqual(["--database", "f.db", "--root", "/srv"]);
    expect(a.json).toBe(true);
  });

  it("reads =false on boolean flags and =value on string options", () => {
    const a = parse("--lockPassword=false", "--scope=/a b");
    expect(a.options.get("lockPassword")).toBe(false);
    expect(a.options.get("scope")).toBe("/a b");
  });

  it("throws a usage error for unknown options, missing values and bad booleans", () => {
    expect(() => parse("--nope")).toThrow("unknown option: --nope");
    expect(() => parse("--scope")).toThrow("--scope needs a value");
    expect(() => parse("--lockPassword=maybe")).toThrow("expects true or false");
    expect(() => parse("-x")).toThrow("unknown option");
  });
});
