import { describe, expect, it } from "bun:test";
import {
  homeScopeOf,
  scopeFollowsName,
  serverFieldError,
  validateUserDraft,
} from "../../../src/ui/stores/user-form-errors";

describe("user form errors", () => {
  it("asks a new user for a name, a password of the minimum length and a scope inside the root", () => {
    expect(validateUserDraft({ username: " ", password: "", scope: "" }, true, 12)).toEqual({
      username: { key: "usernameRequired" },
      password: { key: "passwordRequired" },
    });
    expect(validateUserDraft({ username: "a/b", password: "short", scope: "/x/../y" }, true, 12)).toEqual({
      username: { key: "usernameInvalid" },
      password: { key: "passwordShort", values: { min: 12 } },
      scope: { key: "scopeInvalid" },
    });
    expect(validateUserDraft({ username: "carol", password: "", scope: "/users/carol" }, false, 12)).toEqual({});
  });

  it("puts a server refusal under its field, and leaves other refusals to a popup", () => {
    expect(serverFieldError(409, "409 Conflict (username already taken)")).toEqual({
      username: { key: "usernameTaken" },
    });
    expect(serverFieldError(400, "400 Bad Request (password must be at least 8 characters)")).toEqual({
      password: { key: "passwordShort", values: { min: 8 } },
    });
    expect(serverFieldError(400, "400 Bad Request (scope must be a folder inside the files root)")).toEqual({
      scope: { key: "scopeInvalid" },
    });
    expect(serverFieldError(400, "400 Bad Request (rules must be a list of at most 100 rules)")).toBeNull();
    expect(serverFieldError(500, "500 Internal Server Error")).toBeNull();
  });
});

describe("home folder of a new user", () => {
  it("follows the name under /users while new accounts would otherwise get the whole root", () => {
    expect(homeScopeOf(" carol ")).toBe("/users/carol");
    expect(scopeFollowsName(false, "/")).toBe(true);
    expect(scopeFollowsName(true, "/team")).toBe(true);
    expect(scopeFollowsName(false, "/team")).toBe(false);
  });
});
