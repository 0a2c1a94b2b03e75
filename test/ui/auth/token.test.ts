import { describe, expect, it } from "bun:test";
import { parseToken, TOKEN_EXPIRED, TOKEN_MALFORMED } from "../../../src/ui/auth/token";

const b64url = (s: string) =>
  Buffer.from(s).toString("base64").replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const user = { id: 1, username: "ädmin", locale: "", perm: { admin: true } };
const token = (payload: object) =>
  `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.signature`;

describe("parseToken", () => {
  it("reads the user and exp of a well-formed token (UTF-8 payload)", () => {
    const p = parseToken(token({ user, exp: 2000 }), 1000);
    expect(p.user.username).toBe("ädmin");
    expect(p.exp).toBe(2000);
  });

  it("rejects a token with other than three parts as malformed", () => {
    expect(() => parseToken("a.b", 0)).toThrow(TOKEN_MALFORMED);
    expect(() => parseToken("a.b.c.d", 0)).toThrow(TOKEN_MALFORMED);
    expect(() => parseToken("", 0)).toThrow(TOKEN_MALFORMED);
  });

  it("rejects an unreadable payload or one without a user as malformed", () => {
    expect(() => parseToken("x.!!!.y", 0)).toThrow(TOKEN_MALFORMED);
    expect(() => parseToken(token({ exp: 5 }), 0)).toThrow(TOKEN_MALFORMED);
  });

  it("compares exp in seconds: past is expired, now or later is fine", () => {
    expect(() => parseToken(token({ user, exp: 999 }), 1000)).toThrow(TOKEN_EXPIRED);
    expect(parseToken(token({ user, exp: 1000 }), 1000).exp).toBe(1000);
    expect(() => parseToken(token({ user, exp: Math.floor(Date.now() / 1000) - 1 }))).toThrow("token expired");
  });
});
