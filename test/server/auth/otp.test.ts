import { describe, expect, it } from "bun:test";
import { Secret, TOTP } from "otpauth";
import { generateOtpSecret, otpAuthUri, qrCodePng, verifyOtpPasscode } from "../../../src/server/auth/otp";

const at = Date.UTC(2030, 0, 1, 12, 0, 0);
const codeAt = (secret: string, ts: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ts });

describe("TOTP passcodes", () => {
  it("generates 160-bit base32 secrets", () => {
    expect(generateOtpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateOtpSecret()).not.toBe(generateOtpSecret());
  });

  it("accepts the current code and one 30 s step either way, nothing further", () => {
    const s = generateOtpSecret();
    expect(verifyOtpPasscode(s, codeAt(s, at), at)).toBe(true);
    expect(verifyOtpPasscode(s, codeAt(s, at - 30_000), at)).toBe(true);
    expect(verifyOtpPasscode(s, codeAt(s, at + 30_000), at)).toBe(true);
    expect(verifyOtpPasscode(s, codeAt(s, at - 90_000), at)).toBe(false);
  });

  it("refuses anything but six digits, and an empty secret", () => {
    const s = generateOtpSecret();
    expect(verifyOtpPasscode(s, "12345", at)).toBe(false);
    expect(verifyOtpPasscode(s, "abcdef", at)).toBe(false);
    expect(verifyOtpPasscode("", "123456", at)).toBe(false);
  });

  it("builds an otpauth URI labelled with the issuer and user", () => {
    const uri = otpAuthUri("JBSWY3DPEHPK3PXP", "Acme Files", "bob");
    expect(uri).toStartWith("otpauth://totp/Acme%20Files:bob?");
    expect(uri).toContain("issuer=Acme%20Files");
    expect(uri).toContain("secret=JBSWY3DPEHPK3PXP");
    expect(uri).toContain("digits=6");
  });

  it("renders a PNG QR code", async () => {
    const png = await qrCodePng("otpauth://totp/x:y?secret=JBSWY3DPEHPK3PXP");
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
