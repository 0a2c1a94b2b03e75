import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { Secret, TOTP } from "otpauth";
import { call, makeUser, putUser, type TestUser } from "../support/factories";

const ctx = serverInProcess();

const codeOf = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetMs });
const loginBody = (u: TestUser, otpPasscode?: string) =>
  call(ctx.server, null, "POST", "/login", { username: u.username, password: u.password, otpPasscode });
/** GET of the QR: shows the key there is. */
const qr = (u: TestUser, query = "") => fetch(`${ctx.server.url}/api/users/otp-qrcode/${u.id}?auth=${u.token}${query}`);
/** POST of the QR: makes the key when there is none, or a new one with `?regenerate=once`. */
const makeKey = (u: TestUser, query = "") => call(ctx.server, u.token, "POST", `/users/otp-qrcode/${u.id}${query}`);
const keyOf = async (u: TestUser) =>
  (await (await call(ctx.server, u.token, "GET", `/users/${u.id}`)).json()) as { otpKey?: string; otp: boolean };
/** A 6-digit code that is not valid now (nor one step either way). */
const wrongCode = (secret: string) => {
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeOf(secret, d)));
  for (let i = 0; ; i++) {
    const c = String(i).padStart(6, "0");
    if (!valid.has(c)) return c;
  }
};

describe("2FA enrolment", () => {
  it("serves the owner a PNG QR code on a POST, creating a key that the profile then shows", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    expect((await keyOf(u)).otpKey).toBe("");
    const res = await makeKey(u);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect([...new Uint8Array(await res.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const { otpKey, otp } = await keyOf(u);
    expect(otp).toBe(false);
    expect(otpKey).toMatch(/^[A-Z2-7]{32}$/);
    await makeKey(u);
    expect((await keyOf(u)).otpKey).toBe(otpKey);
    await makeKey(u, "?regenerate=once");
    expect((await keyOf(u)).otpKey).not.toBe(otpKey);
  });

  it("never makes nor replaces the key on a GET: it only shows the key there is", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    const none = await qr(u);
    expect(none.status).toBe(404);
    expect((await keyOf(u)).otpKey).toBe("");
    await makeKey(u);
    const { otpKey } = await keyOf(u);
    const shown = await qr(u);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Content-Type")).toBe("image/png");
    const again = await qr(u, "&regenerate=once");
    expect(again.status).toBe(400);
    expect(await again.text()).toBe("400 Bad Request (a new key needs POST)");
    expect((await keyOf(u)).otpKey).toBe(otpKey);
  });

  it("never serves the QR code or the key to anyone but the owner, admins included", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    const other = await makeUser(ctx.server, ctx.admin);
    await makeKey(u);
    expect((await fetch(`${ctx.server.url}/api/users/otp-qrcode/${u.id}?auth=${other.token}`)).status).toBe(403);
    expect((await fetch(`${ctx.server.url}/api/users/otp-qrcode/${u.id}?auth=${ctx.admin}`)).status).toBe(403);
    expect((await call(ctx.server, other.token, "POST", `/users/otp-qrcode/${u.id}`)).status).toBe(403);
    const seenByAdmin = (await (await call(ctx.server, ctx.admin, "GET", `/users/${u.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(seenByAdmin.otpKey).toBeUndefined();
  });

  it("refuses a wrong passcode with 400 and turns OTP on with the right one", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    await makeKey(u);
    const { otpKey } = await keyOf(u);
    const wrong = await putUser(ctx.server, u.token, u.id, ["otpPasscode"], { otpPasscode: wrongCode(otpKey!) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toBe("400 Bad Request (wrong OTP passcode)");
    const ok = await putUser(ctx.server, u.token, u.id, ["otpPasscode"], { otpPasscode: codeOf(otpKey!) });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body.otp).toBe(true);
    expect(body.otpKey).toBeUndefined();
    expect((await qr(u)).status).toBe(403);
    expect((await makeKey(u, "?regenerate=once")).status).toBe(403);
  });
});

describe("login with OTP on", () => {
  let u: TestUser;
  let secret: string;

  beforeAll(async () => {
    u = await makeUser(ctx.server, ctx.admin);
    await makeKey(u);
    secret = (await keyOf(u)).otpKey!;
    expect((await putUser(ctx.server, u.token, u.id, ["otpPasscode"], { otpPasscode: codeOf(secret) })).status).toBe(
      200,
    );
  });

  it("answers 403 asking for the passcode when it is missing", async () => {
    for (const res of [await loginBody(u), await loginBody(u, "")]) {
      expect(res.status).toBe(403);
      expect(await res.text()).toBe("403 Forbidden (OTP passcode required)");
    }
  });

  it("answers 403 for a wrong passcode and a token for the right one, one step of drift allowed", async () => {
    const wrong = await loginBody(u, wrongCode(secret));
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toBe("403 Forbidden (wrong OTP passcode)");
    const ok = await loginBody(u, codeOf(secret));
    expect(ok.status).toBe(200);
    expect((await ok.text()).split(".")).toHaveLength(3);
    expect((await loginBody(u, codeOf(secret, -30_000))).status).toBe(200);
  });

  it("still answers plain 403 for a wrong password, passcode or not", async () => {
    const res = await call(ctx.server, null, "POST", "/login", {
      username: u.username,
      password: "not-the-password",
      otpPasscode: codeOf(secret),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("403 Forbidden");
  });

  it("turns OTP off with a valid passcode, dropping the key so the next enrolment gets a new one", async () => {
    const res = await putUser(ctx.server, u.token, u.id, ["otpPasscode"], { otpPasscode: codeOf(secret) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ otp: false, otpKey: "" });
    expect((await loginBody(u)).status).toBe(200);
  });

  it("lets an admin switch a user's OTP off, but not on", async () => {
    const v = await makeUser(ctx.server, ctx.admin);
    await makeKey(v);
    await putUser(ctx.server, v.token, v.id, ["otpPasscode"], { otpPasscode: codeOf((await keyOf(v)).otpKey!) });
    expect((await loginBody(v)).status).toBe(403);
    expect((await putUser(ctx.server, ctx.admin, v.id, ["otp"], { otp: true })).status).toBe(400);
    expect((await putUser(ctx.server, v.token, v.id, ["otp"], { otp: false })).status).toBe(403);
    expect((await putUser(ctx.server, ctx.admin, v.id, ["otp"], { otp: false })).status).toBe(200);
    expect((await loginBody(v)).status).toBe(200);
  });
});
