import { describe, expect, it } from "bun:test";
import { assertMayChange, normalizeAdmin } from "../../../src/server/users/user-policy";
import { expandWhich } from "../../../src/server/users/user-changes";
import { ALL_PERMISSIONS, type User } from "../../../src/server/users/types";

const user = (id: number, over: Partial<User> = {}): User => ({
  id,
  username: `u${id}`,
  passwordHash: "",
  scope: "/",
  locale: "",
  viewMode: "list",
  singleClick: false,
  showHidden: false,
  sorting: { by: "name", asc: true },
  perm: { ...ALL_PERMISSIONS, admin: false },
  commands: [],
  rules: [],
  lockPassword: false,
  theme: "system",
  otpEnabled: false,
  otpKey: "",
  updatedAt: 0,
  ...over,
});
const admin = user(1, { perm: { ...ALL_PERMISSIONS } });

describe("assertMayChange", () => {
  it("lets users change their own profile fields and 2FA", () => {
    const u = user(2);
    expect(() =>
      assertMayChange(u, u, ["locale", "viewMode", "sorting", "showHidden", "singleClick", "password", "otpPasscode"]),
    ).not.toThrow();
  });

  it("refuses non-admins everything else, and every field of other users", () => {
    const u = user(2);
    for (const f of ["scope", "perm", "username", "rules", "commands", "lockPassword", "otp"]) {
      expect(() => assertMayChange(u, u, [f])).toThrow("403 Forbidden");
    }
    expect(() => assertMayChange(u, user(3), ["locale"])).toThrow("403 Forbidden");
  });

  it("refuses a locked password to its owner but not to an admin", () => {
    const locked = user(2, { lockPassword: true });
    expect(() => assertMayChange(locked, locked, ["password"])).toThrow("password is locked");
    expect(() => assertMayChange(admin, locked, ["password"])).not.toThrow();
  });

  it("lets only the owner validate a passcode, admins included", () => {
    expect(() => assertMayChange(admin, user(2), ["otpPasscode"])).toThrow("only the account owner");
  });
});

describe("normalizeAdmin", () => {
  it("gives admins every permission and clears lockPassword", () => {
    const u = normalizeAdmin(user(2, { lockPassword: true, perm: { ...ALL_PERMISSIONS, admin: true, delete: false } }));
    expect(u.perm).toEqual(ALL_PERMISSIONS);
    expect(u.lockPassword).toBe(false);
  });
});

describe("expandWhich", () => {
  it("expands all to the fields present, leaving out an empty password", () => {
    expect(expandWhich(["all"], { locale: "en", password: "", scope: "/" }).sort()).toEqual(["locale", "scope"]);
  });

  it("refuses unknown field names", () => {
    expect(() => expandWhich(["passwordHash"], {})).toThrow("unknown field passwordHash");
  });
});
