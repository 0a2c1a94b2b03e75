import { describe, expect, it } from "bun:test";
import {
  accountData,
  cleanRules,
  draftFromDefaults,
  isPermissionLocked,
  NO_PERMISSIONS,
  parseCommands,
  removeRule,
  rulePathSwallowsKey,
  setAdmin,
  setPermission,
  updateRule,
  newRule,
  type UserDraft,
} from "../../../src/ui/stores/user-form-rules";

const draft = (patch: Partial<UserDraft> = {}): UserDraft => ({
  username: "bob",
  password: "",
  scope: "/bob",
  locale: "en",
  lockPassword: true,
  perm: { ...NO_PERMISSIONS, download: true },
  commandsText: "",
  rules: [],
  ...patch,
});

describe("admin checkbox", () => {
  it("checking admin turns every permission on and clears lockPassword", () => {
    const next = setAdmin(draft(), true);
    expect(Object.values(next.perm).every(Boolean)).toBe(true);
    expect(next.lockPassword).toBe(false);
  });

  it("unchecking admin clears only the admin flag", () => {
    const next = setAdmin(setAdmin(draft(), true), false);
    expect(next.perm.admin).toBe(false);
    expect(next.perm.delete).toBe(true);
  });

  it("locks every other box while admin is checked", () => {
    const admin = setAdmin(draft(), true);
    expect(isPermissionLocked(admin.perm, "delete")).toBe(true);
    expect(isPermissionLocked(admin.perm, "admin")).toBe(false);
    expect(isPermissionLocked(draft().perm, "delete")).toBe(false);
    expect(setPermission(admin, "delete", false).perm.delete).toBe(true);
  });

  it("sets a single permission when not admin", () => {
    expect(setPermission(draft(), "create", true).perm.create).toBe(true);
    expect(setPermission(draft(), "download", false).perm.download).toBe(false);
  });

  it("never sends lockPassword for an admin", () => {
    const d = { ...setAdmin(draft(), true), lockPassword: true };
    expect(accountData(d).lockPassword).toBe(false);
  });
});

describe("rule rows", () => {
  it("adds an allow-by-path row and removes one by index", () => {
    const rules = [newRule(), { ...newRule(), path: "/b" }];
    expect(newRule()).toEqual({ allow: true, path: "", regex: false, regexp: { raw: "" } });
    expect(removeRule(rules, 0)).toEqual([{ ...newRule(), path: "/b" }]);
  });

  it("switching regex moves the typed text to the matching field", () => {
    const rules = updateRule([{ ...newRule(), path: "\\.secret$" }], 0, { regex: true });
    expect(rules[0]).toEqual({ allow: true, regex: true, path: "", regexp: { raw: "\\.secret$" } });
    expect(updateRule(rules, 0, { regex: false })[0].path).toBe("\\.secret$");
  });

  it("changes allow/deny and the value of one row only", () => {
    const rules = updateRule([newRule(), newRule()], 1, { allow: false, value: "/private" });
    expect(rules[0]).toEqual(newRule());
    expect(rules[1]).toMatchObject({ allow: false, path: "/private" });
  });

  it("drops empty rows and trims values when saving", () => {
    expect(cleanRules([newRule(), { ...newRule(), path: "  /x  " }])).toEqual([
      { allow: true, regex: false, path: "/x", regexp: { raw: "" } },
    ]);
  });

  it("swallows Enter in a rule path input and nothing else", () => {
    expect(rulePathSwallowsKey("Enter")).toBe(true);
    expect(rulePathSwallowsKey("a")).toBe(false);
  });
});

describe("user data", () => {
  it("splits commands on whitespace and drops empty words", () => {
    expect(parseCommands("  git  ls\tgrep ")).toEqual(["git", "ls", "grep"]);
    expect(parseCommands("   ")).toEqual([]);
  });

  it("starts a new user from the defaults and trims text fields", () => {
    const d = draftFromDefaults({
      scope: "/home",
      locale: "ja",
      viewMode: "list",
      singleClick: false,
      showHidden: false,
      sorting: { by: "name", asc: true },
      perm: { ...NO_PERMISSIONS, create: true },
      commands: ["ls"],
      rules: [],
      theme: "system",
    });
    expect(d).toMatchObject({ username: "", password: "", scope: "/home", locale: "ja", commandsText: "ls" });
    const data = accountData({ ...d, username: "  eve " });
    expect(data.username).toBe("eve");
    expect(data.perm.create).toBe(true);
    expect(data.commands).toEqual(["ls"]);
  });
});
