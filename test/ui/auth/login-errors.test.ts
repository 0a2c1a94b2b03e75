import { describe, expect, it } from "bun:test";
import { loginFailure, needsPasscode, safeRedirect } from "../../../src/ui/auth/login-errors";
import { ApiError } from "../../../src/ui/api/client";

describe('login failures (docs/product.md "Login errors")', () => {
  it("shows wrong credentials for a plain 403", () => {
    expect(loginFailure(new ApiError(403, "403 Forbidden"))).toEqual({ key: "login.errors.wrongCredentials" });
  });

  it("shows the server's detail in parentheses for a 403 that has one", () => {
    expect(loginFailure(new ApiError(403, "403 Forbidden (OTP passcode required)"))).toEqual({
      detail: "OTP passcode required",
    });
  });

  it("maps 429 to banned, 409 to username taken and anything else to unknown", () => {
    expect(loginFailure(new ApiError(429, "429 Too Many Requests"))).toEqual({ key: "login.errors.banned" });
    expect(loginFailure(new ApiError(409, "409 Conflict"))).toEqual({ key: "login.errors.usernameTaken" });
    expect(loginFailure(new ApiError(500, "500 Internal Server Error"))).toEqual({ key: "login.errors.unknown" });
    expect(loginFailure(new Error("boom"))).toEqual({ key: "login.errors.unknown" });
  });

  it("maps a rejected token to its documented message", () => {
    expect(loginFailure(new Error("token malformed"))).toEqual({ key: "login.errors.tokenMalformed" });
    expect(loginFailure(new Error("token expired"))).toEqual({ key: "login.errors.tokenExpired" });
  });

  it("asks for the passcode only on a 403 that mentions OTP or passcode", () => {
    expect(needsPasscode(new ApiError(403, "403 Forbidden (OTP passcode required)"))).toBe(true);
    expect(needsPasscode(new ApiError(403, "403 Forbidden (wrong passcode)"))).toBe(true);
    expect(needsPasscode(new ApiError(403, "403 Forbidden"))).toBe(false);
    expect(needsPasscode(new ApiError(429, "otp"))).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("keeps an in-app path with its query", () => {
    expect(safeRedirect("/files/sub/?x=1", "/files/")).toBe("/files/sub/?x=1");
  });

  it("refuses empty, relative, protocol-relative and backslash targets", () => {
    for (const bad of [null, "", "files", "//evil.example", "/\\evil", "https://evil.example"]) {
      expect(safeRedirect(bad, "/files/")).toBe("/files/");
    }
  });
});
