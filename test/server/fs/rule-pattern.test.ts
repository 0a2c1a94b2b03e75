import { describe, expect, it } from "bun:test";
import { compileRulePattern, mayBacktrack, rulePatternProblem } from "../../../src/server/fs/rule-pattern";
import { isPathAllowed } from "../../../src/server/fs/rules";

const regexRule = (allow: boolean, raw: string) => ({ allow, path: "", regex: true, regexp: { raw } });

describe("rule patterns", () => {
  it("run nested repetition in linear time: (a+)+$ on a long path takes milliseconds", () => {
    const compiled = compileRulePattern("(a+)+$");
    expect(compiled.kind).toBe("linear");
    const path = `/x/${"a".repeat(4000)}!`;
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect(isPathAllowed([regexRule(false, "(a+)+$")], path)).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
    expect(isPathAllowed([regexRule(false, "(a+)+$")], "/x/aaa")).toBe(false);
  });

  it("read the JavaScript spelling of rules: escapes, classes, named groups, anchors", () => {
    for (const [raw, path, hit] of [
      ["\\.key$", "/docs/a.key", true],
      ["\\.key$", "/docs/a.keys", false],
      ["^/priv(/|$)", "/private", false],
      ["(?<ext>\\.jpe?g)$", "/p/a.jpeg", true],
      ["\\d{3}", "/a12", false],
      ["[^/]+\\.tmp$", "/t/x.tmp", true],
      ["\\u{1F600}", "/😀", true],
    ] as const) {
      expect({ raw, path, hit: isPathAllowed([regexRule(false, raw)], path) === false }).toEqual({ raw, path, hit });
    }
  });

  it("name why a pattern cannot be saved: invalid, or a feature only backtracking engines have", () => {
    expect(rulePatternProblem("(")).toBe("invalid");
    for (const raw of ["^/(?!public)", "(?<=a)b", "(a)\\1", "x{1001}"])
      expect({ raw, problem: rulePatternProblem(raw) }).toEqual({ raw, problem: "unsupported" });
    for (const raw of ["(a+)+$", "(a|aa)*b", "\\.key$"]) expect(rulePatternProblem(raw)).toBeNull();
  });

  it("tell the catastrophic shapes apart from the harmless ones", () => {
    for (const raw of ["(a+)+$", "(a|aa)*", "(x+y?){2,}", "((ab)*c)+", "(a)\\1", "(?:a*)*"])
      expect({ raw, risky: mayBacktrack(raw) }).toEqual({ raw, risky: true });
    for (const raw of ["\\.key$", "(ab)+", "(a+)?", "[(+]+", "(a|b)", "a{2}(b+){1}", "\\(a+\\)+"])
      expect({ raw, risky: mayBacktrack(raw) }).toEqual({ raw, risky: false });
  });

  it("run a stored lookahead rule on JavaScript's engine, and fail closed on one that could backtrack", () => {
    expect(compileRulePattern("^/(?!public)").kind).toBe("legacy");
    expect(isPathAllowed([regexRule(false, "^/(?!public)")], "/public/a")).toBe(true);
    expect(isPathAllowed([regexRule(false, "^/(?!public)")], "/secret/a")).toBe(false);
    expect(compileRulePattern("(?=x)(a+)+$").kind).toBe("unsafe");
    expect(isPathAllowed([regexRule(false, "(?=x)(a+)+$")], "/anything")).toBe(false);
    expect(isPathAllowed([regexRule(false, "/"), regexRule(true, "(?=x)(a+)+$")], "/anything")).toBe(false);
  });
});
