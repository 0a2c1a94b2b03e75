import { describe, expect, it } from "bun:test";
import { sign } from "hono/jwt";
import { asLoginToken, readToken, verifySigned } from "../../../src/server/auth/jwt";

const SECRET = "a-test-secret-of-some-length";

describe("verifySigned", () => {
  it("accepts a token again from its memory until the expiry, then refuses it", async () => {
    const now = 1_800_000_000;
    const token = await sign({ user: { id: 1 }, sid: "s", exp: now + 10 }, SECRET, "HS256");
    expect(await verifySigned(token, SECRET, now)).not.toBeNull();
    expect(await verifySigned(token, SECRET, now + 5)).not.toBeNull();
    expect(await verifySigned(token, SECRET, now + 11)).toBeNull();
  });

  it("refuses a forged signature and a token of another secret", async () => {
    const token = await sign({ user: { id: 1 }, sid: "s", exp: Math.floor(Date.now() / 1000) + 60 }, SECRET, "HS256");
    const [h, p] = token.split(".");
    expect(await verifySigned(`${h}.${p}.AAAA`, SECRET)).toBeNull();
    expect(await verifySigned(token, "another-secret-entirely")).toBeNull();
  });
});

describe("readToken", () => {
  it("needs a user and a session id: a media token or a token without sid is no login token", async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    expect(await readToken(await sign({ user: { id: 1 }, sid: "abc", exp }, SECRET, "HS256"), SECRET)).not.toBeNull();
    expect(await readToken(await sign({ user: { id: 1 }, exp }, SECRET, "HS256"), SECRET)).toBeNull();
    expect(asLoginToken({ typ: "media", uid: 1, sid: "abc", pfx: "/", exp })).toBeNull();
  });
});
