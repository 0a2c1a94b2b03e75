/**
 * @module Allow/deny rules by path prefix or regular expression (docs/product.md "Rule", "Roles and permissions"): one
 * predicate per rule kind, global rules before the user's own, and the last matching rule wins.
 */
import type { Rule } from "../users/types";
import { compileRulePattern } from "./rule-pattern";

/**
 * Path rule: matches the rule's folder or file itself and everything below it, segment by segment
 * ("/priv" matches "/priv" and "/priv/a", not "/private"). A rule path of "/" matches everything.
 */
export function matchesPathRule(rule: Rule, virtualPath: string): boolean {
  const prefix = rule.path.replace(/\/+$/, "");
  if (prefix === "") return true;
  return virtualPath === prefix || virtualPath.startsWith(`${prefix}/`);
}

/**
 * Regex rule: the pattern is searched in the virtual path (e.g. "/docs/a.key") by RE2's linear-time engine. A
 * pattern saved before that engine which only JavaScript reads runs there when its shape cannot backtrack
 * catastrophically; one that could is never run and fails closed (a deny rule matches every path, an allow rule
 * none); an invalid one matches nothing (docs/security.md "Regex rules").
 */
export function matchesRegexRule(rule: Rule, virtualPath: string): boolean {
  const compiled = compileRulePattern(rule.regexp.raw);
  if (compiled.kind === "unsafe") return !rule.allow;
  return compiled.kind === "invalid" ? false : compiled.pattern.test(virtualPath);
}

/** Whether `rule` applies to the path, through the predicate of its kind. */
export function ruleMatches(rule: Rule, virtualPath: string): boolean {
  return rule.regex ? matchesRegexRule(rule, virtualPath) : matchesPathRule(rule, virtualPath);
}

/**
 * True when the virtual path (inside the user's scope, "/a/b", trailing slash ignored) may be seen and used:
 * the last rule that matches decides; with none matching the path is allowed.
 * Pass global rules first, then the user's (`[...settings.rules, ...user.rules]`).
 */
export function isPathAllowed(rules: readonly Rule[], virtualPath: string): boolean {
  const path = virtualPath.length > 1 ? virtualPath.replace(/\/+$/, "") : virtualPath;
  for (let i = rules.length - 1; i >= 0; i--) {
    if (ruleMatches(rules[i], path)) return rules[i].allow;
  }
  return true;
}

/**
 * A predicate over virtual paths; `hidesBelow(folder)`, when present, tells whether some path below `folder` may
 * be judged otherwise than the folder itself (so totals the index keeps for the whole folder would count what the
 * user may not see).
 */
export type PathFilter = ((virtualPath: string) => boolean) & { hidesBelow?: (folder: string) => boolean };

/**
 * True when a rule can judge a path below `folder` otherwise than `folder` itself: a regex rule, or a path rule
 * whose prefix lies strictly below the folder.
 */
export function rulesMayHideBelow(rules: readonly Rule[], folder: string): boolean {
  const base = folder.replace(/\/+$/, "");
  return rules.some((r) => r.regex || r.path.replace(/\/+$/, "").startsWith(`${base}/`));
}

/** A predicate over virtual paths for a user: global rules, then the user's own. */
export function pathFilter(globalRules: readonly Rule[], userRules: readonly Rule[]): PathFilter {
  const rules = [...globalRules, ...userRules];
  if (rules.length === 0) return () => true;
  const allowed: PathFilter = (virtualPath) => isPathAllowed(rules, virtualPath);
  allowed.hidesBelow = (folder) => rulesMayHideBelow(rules, folder);
  return allowed;
}
