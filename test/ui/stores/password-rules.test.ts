import { describe, expect, it } from "bun:test";
import { canSubmitPassword, isPasscode, needsKeyRefresh, passwordMatch } from "../../../src/ui/stores/password-rules";

describe("password change", () => {
  it("is neutral while both fields are empty", () => {
    expect(passwordMatch("", "")).toBe("empty");
    expect(canSubmitPassword("", "")).toBe(false);
  });

  it("matches (green) when both are equal and non-empty", () => {
    expect(passwordMatch("secret-1", "secret-1")).toBe("match");
    expect(canSubmitPassword("secret-1", "secret-1")).toBe(true);
  });

  it("differs (red) when one is empty or they differ, and is not submitted", () => {
    expect(passwordMatch("secret-1", "")).toBe("mismatch");
    expect(passwordMatch("secret-1", "secret-2")).toBe("mismatch");
    expect(canSubmitPassword("secret-1", "secret-2")).toBe(false);
  });
});

describe("2FA", () => {
  it("accepts exactly six digits as a passcode", () => {
    expect(isPasscode("123456")).toBe(true);
    expect(isPasscode("12345")).toBe(false);
    expect(isPasscode("12345a")).toBe(false);
  });

  it("refreshes the profile once when OTP is off and the key is still empty", () => {
    expect(needsKeyRefresh({ otp: false, otpKey: "" }, false)).toBe(true);
    expect(needsKeyRefresh({ otp: false, otpKey: "" }, true)).toBe(false);
    expect(needsKeyRefresh({ otp: false, otpKey: "ABC" }, false)).toBe(false);
    expect(needsKeyRefresh({ otp: true }, false)).toBe(false);
    expect(needsKeyRefresh(null, false)).toBe(false);
  });
});
