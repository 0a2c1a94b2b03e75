import { describe, expect, it } from "bun:test";
import { isPathAllowed, matchesPathRule, matchesRegexRule, pathFilter } from "../../../src/server/fs/rules";
import type { Rule } from "../../../src/server/users/types";

const path = (p: string, allow = false): Rule => ({ allow, path: p, regex: false, regexp: { raw: "" } });
const regex = (raw: string, allow = false): Rule => ({ allow, path: "", regex: true, regexp: { raw } });

describe("matchesPathRule", () => {
  it("matches the path itself and everything below it, segment by segment", () => {
    expect(matchesPathRule(path("/priv"), "/priv")).toBe(true);
    expect(matchesPathRule(path("/priv"), "/priv/a/b.txt")).toBe(true);
    expect(matchesPathRule(path("/priv/"), "/priv/a")).toBe(true);
    expect(matchesPathRule(path("/priv"), "/private")).toBe(false);
    expect(matchesPathRule(path("/priv"), "/a/priv")).toBe(false);
  });

  it("matches everything for the rule path /", () => {
    expect(matchesPathRule(path("/"), "/anything/at/all")).toBe(true);
  });
});

describe("matchesRegexRule", () => {
  it("searches the pattern in the virtual path", () => {
    expect(matchesRegexRule(regex("\\.key$"), "/docs/a.key")).toBe(true);
    expect(matchesRegexRule(regex("\\.key$"), "/docs/a.key.txt")).toBe(false);
    expect(matchesRegexRule(regex("^/tmp"), "/a/tmp")).toBe(false);
  });

  it("treats an invalid pattern as matching nothing", () => {
    expect(matchesRegexRule(regex("("), "/(")).toBe(false);
  });
});

describe("isPathAllowed", () => {
  it("allows everything without rules", () => {
    expect(isPathAllowed([], "/x")).toBe(true);
  });

  it("lets the last matching rule decide", () => {
    const rules = [path("/"), path("/pub", true), regex("\\.secret$")];
    expect(isPathAllowed(rules, "/home")).toBe(false);
    expect(isPathAllowed(rules, "/pub/a.txt")).toBe(true);
    expect(isPathAllowed(rules, "/pub/a.secret")).toBe(false);
  });

  it("ignores a trailing slash on the path", () => {
    expect(isPathAllowed([path("/d")], "/d/")).toBe(false);
  });

  it("puts global rules before the user's, so the user's own rules win", () => {
    const allowed = pathFilter([path("/docs")], [path("/docs", true)]);
    expect(allowed("/docs/a")).toBe(true);
    expect(pathFilter([path("/docs", true)], [path("/docs")])("/docs/a")).toBe(false);
  });
});
