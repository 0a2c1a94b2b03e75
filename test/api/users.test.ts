import { describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { login } from "../support/server";
import { startInProcess } from "../support/in-process";
import { NO_PERM, call, makeUser, putSettings, putUser } from "../support/factories";

const ctx = serverInProcess();

describe("GET /api/users", () => {
  it("lists users without password hashes or OTP keys of others", async () => {
    await makeUser(ctx.server, ctx.admin);
    const res = await call(ctx.server, ctx.admin, "GET", "/users");
    expect(res.status).toBe(200);
    const users = (await res.json()) as Record<string, unknown>[];
    expect(users.length).toBeGreaterThanOrEqual(2);
    expect(users[0]).toMatchObject({
      id: 1,
      username: "admin",
      scope: "/",
      perm: { admin: true },
      otp: false,
      lockPassword: false,
    });
    for (const u of users) {
      expect(JSON.stringify(u)).not.toContain("argon2");
      expect(u.password).toBeUndefined();
      expect(u.passwordHash).toBeUndefined();
      if (u.id !== 1) expect(u.otpKey).toBeUndefined();
    }
  });

  it("answers 403 to a non-admin and 401 without a token", async () => {
    const bob = await makeUser(ctx.server, ctx.admin);
    expect((await call(ctx.server, bob.token, "GET", "/users")).status).toBe(403);
    expect((await call(ctx.server, null, "GET", "/users")).status).toBe(401);
  });
});

describe("POST /api/users", () => {
  it("creates a user with 201, a Location header and the user's JSON", async () => {
    const res = await call(ctx.server, ctx.admin, "POST", "/users", {
      what: "user",
      which: [],
      data: {
        username: "carol",
        password: "carol-password-1",
        scope: "/carol",
        locale: "ja",
        perm: { ...NO_PERM, create: true },
      },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number };
    expect(res.headers.get("Location")).toBe(`/api/users/${body.id}`);
    expect(body).toMatchObject({
      username: "carol",
      scope: "/carol",
      locale: "ja",
      perm: { create: true, delete: false, admin: false },
    });
    expect(existsSync(join(ctx.server.root, "carol"))).toBe(true);
    expect(await login(ctx.server, "carol", "carol-password-1")).toContain(".");
  });

  it("answers 409 when the username is taken, whatever its case", async () => {
    await makeUser(ctx.server, ctx.admin, { username: "dave" });
    const res = await call(ctx.server, ctx.admin, "POST", "/users", {
      what: "user",
      which: [],
      data: { username: "DAVE", password: "another-password-1" },
    });
    expect(res.status).toBe(409);
  });

  it("answers 400 naming the rule for a password shorter than the minimum length", async () => {
    const res = await call(ctx.server, ctx.admin, "POST", "/users", {
      what: "user",
      which: [],
      data: { username: "shorty", password: "short" },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("400 Bad Request (password must be at least 12 characters)");
  });

  it("answers 400 for a scope that climbs out of the files root", async () => {
    const res = await call(ctx.server, ctx.admin, "POST", "/users", {
      what: "user",
      which: [],
      data: { username: "climber", password: "climber-password", scope: "/../etc" },
    });
    expect(res.status).toBe(400);
  });

  it("gives new users /users/<name> when createUserDir is on and no scope is sent", async () => {
    await putSettings(ctx.server, ctx.admin, { createUserDir: true });
    try {
      const res = await call(ctx.server, ctx.admin, "POST", "/users", {
        what: "user",
        which: [],
        data: { username: "homer", password: "homer-password-1", scope: "" },
      });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { scope: string }).scope).toBe("/users/homer");
      expect(existsSync(join(ctx.server.root, "users", "homer"))).toBe(true);
    } finally {
      await putSettings(ctx.server, ctx.admin, { createUserDir: false });
    }
  });
});

describe("GET /api/users/{id}", () => {
  it("answers the user to an admin and to themselves, 403 to another user", async () => {
    const a = await makeUser(ctx.server, ctx.admin);
    const b = await makeUser(ctx.server, ctx.admin);
    expect((await call(ctx.server, ctx.admin, "GET", `/users/${a.id}`)).status).toBe(200);
    const self = await call(ctx.server, a.token, "GET", `/users/${a.id}`);
    expect(self.status).toBe(200);
    expect(await self.json()).toMatchObject({ id: a.id, username: a.username, otp: false, otpKey: "" });
    expect((await call(ctx.server, b.token, "GET", `/users/${a.id}`)).status).toBe(403);
    expect((await call(ctx.server, ctx.admin, "GET", "/users/9999")).status).toBe(404);
  });
});

describe("PUT /api/users/{id}", () => {
  it("lets a user change their own profile fields and sends X-Renew-Token on the next call", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    await Bun.sleep(1100); // updatedAt and iat have a one-second resolution
    for (const [which, data] of [
      ["viewMode", { viewMode: "mosaic" }],
      ["showHidden", { showHidden: true }],
      ["sorting", { sorting: { by: "size", asc: false } }],
      ["locale", { locale: "zh-cn" }],
      ["singleClick", { singleClick: true }],
    ] as const) {
      const res = await putUser(ctx.server, u.token, u.id, [which], data);
      expect(res.status).toBe(200);
    }
    const res = await call(ctx.server, u.token, "GET", `/users/${u.id}`);
    expect(res.headers.get("X-Renew-Token")).toBe("true");
    expect(await res.json()).toMatchObject({
      viewMode: "mosaic",
      showHidden: true,
      sorting: { by: "size", asc: false },
      locale: "zh-cn",
      singleClick: true,
    });
  });

  it("refuses with 403 when a non-admin changes their own scope, permissions or name, or another user", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { perm: { create: true } });
    const other = await makeUser(ctx.server, ctx.admin);
    expect((await putUser(ctx.server, u.token, u.id, ["scope"], { scope: "/" })).status).toBe(403);
    expect((await putUser(ctx.server, u.token, u.id, ["perm"], { perm: { admin: true } })).status).toBe(403);
    expect((await putUser(ctx.server, u.token, u.id, ["username"], { username: "renamed" })).status).toBe(403);
    expect((await putUser(ctx.server, u.token, u.id, ["all"], { locale: "en", scope: "/" })).status).toBe(403);
    expect((await putUser(ctx.server, u.token, other.id, ["locale"], { locale: "en" })).status).toBe(403);
  });

  it("lets a user change their own password, which then logs in", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    expect(
      (
        await putUser(ctx.server, u.token, u.id, ["password"], {
          password: "brand-new-password",
          currentPassword: u.password,
        })
      ).status,
    ).toBe(200);
    expect(await login(ctx.server, u.username, "brand-new-password")).toContain(".");
    const short = await putUser(ctx.server, u.token, u.id, ["password"], {
      password: "tiny",
      currentPassword: "brand-new-password",
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("password must be at least 12 characters");
  });

  it("asks a user changing their own password for the current one, and keeps the old password when it is missing or wrong", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    const missing = await putUser(ctx.server, u.token, u.id, ["password"], { password: "taken-over-password" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe("400 Bad Request (currentPassword is needed to change your own password)");
    const wrong = await putUser(ctx.server, u.token, u.id, ["password"], {
      password: "taken-over-password",
      currentPassword: "a-guess-at-it-1",
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toBe("403 Forbidden (the current password is wrong)");
    const all = await putUser(ctx.server, u.token, u.id, ["all"], { locale: "en", password: "taken-over-password" });
    expect(all.status).toBe(400);
    expect(await login(ctx.server, u.username, u.password)).toContain(".");
    expect(
      (
        await putUser(ctx.server, u.token, u.id, ["password"], {
          password: "my-own-new-password",
          currentPassword: u.password,
        })
      ).status,
    ).toBe(200);
    expect(await login(ctx.server, u.username, "my-own-new-password")).toContain(".");
  });

  it("asks an admin for their current password for their own account, never for another user's", async () => {
    const own = await putUser(ctx.server, ctx.admin, 1, ["password"], { password: "admin-new-password" });
    expect(own.status).toBe(400);
    const wrong = await putUser(ctx.server, ctx.admin, 1, ["password"], {
      password: "admin-new-password",
      currentPassword: "not-the-admin-password",
    });
    expect(wrong.status).toBe(403);
    expect(await login(ctx.server)).toContain(".");
    const u = await makeUser(ctx.server, ctx.admin);
    expect((await putUser(ctx.server, ctx.admin, u.id, ["password"], { password: "set-by-an-admin-1" })).status).toBe(
      200,
    );
    expect(await login(ctx.server, u.username, "set-by-an-admin-1")).toContain(".");
  });

  it("answers 403 to a password change when lockPassword is set, but lets an admin change it", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { lockPassword: true });
    expect((await call(ctx.server, u.token, "GET", `/users/${u.id}`)).status).toBe(200);
    const res = await putUser(ctx.server, u.token, u.id, ["password"], { password: "i-want-a-new-one" });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("403 Forbidden (password is locked)");
    expect((await putUser(ctx.server, u.token, u.id, ["locale"], { locale: "ru" })).status).toBe(200);
    expect((await putUser(ctx.server, ctx.admin, u.id, ["password"], { password: "admin-set-password" })).status).toBe(
      200,
    );
    expect(await login(ctx.server, u.username, "admin-set-password")).toContain(".");
  });

  it("lets an admin change every field with which all, keeping the password when it is empty", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    const res = await putUser(ctx.server, ctx.admin, u.id, ["all"], {
      username: `${u.username}-x`,
      password: "",
      scope: "/elsewhere",
      locale: "ko",
      viewMode: "mosaic",
      singleClick: false,
      showHidden: true,
      sorting: { by: "modified", asc: true },
      perm: { ...NO_PERM, share: true },
      commands: "ls  du",
      rules: [{ allow: false, path: "/secret", regex: false, regexp: { raw: "" } }],
      lockPassword: true,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      username: `${u.username}-x`,
      scope: "/elsewhere",
      commands: ["ls", "du"],
      lockPassword: true,
      perm: { share: true, create: false },
    });
    expect(await login(ctx.server, `${u.username}-x`, u.password)).toContain(".");
  });

  it("gives an admin every permission and clears lockPassword", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { lockPassword: true });
    const res = await putUser(ctx.server, ctx.admin, u.id, ["perm"], { perm: { ...NO_PERM, admin: true } });
    expect(await res.json()).toMatchObject({
      lockPassword: false,
      perm: { admin: true, create: true, delete: true, download: true, execute: true },
    });
    await putUser(ctx.server, ctx.admin, u.id, ["perm"], { perm: NO_PERM });
  });

  it("answers 409 when renaming to a taken name", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    expect((await putUser(ctx.server, ctx.admin, u.id, ["username"], { username: "admin" })).status).toBe(409);
  });

  it("starts users on the system theme, saves a theme a user picks and carries it in the renewed token", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    expect(await (await call(ctx.server, u.token, "GET", `/users/${u.id}`)).json()).toMatchObject({ theme: "system" });
    const res = await putUser(ctx.server, u.token, u.id, ["theme"], { theme: "dark" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: u.id, theme: "dark" });
    expect(await (await call(ctx.server, u.token, "GET", `/users/${u.id}`)).json()).toMatchObject({ theme: "dark" });
    const renewed = await (
      await fetch(`${ctx.server.url}/api/renew`, { method: "POST", headers: { "X-Auth": u.token } })
    ).text();
    expect(JSON.parse(Buffer.from(renewed.split(".")[1], "base64url").toString()).user.theme).toBe("dark");
    expect((await putUser(ctx.server, u.token, u.id, ["theme"], { theme: "light" })).status).toBe(200);
    expect(await (await call(ctx.server, ctx.admin, "GET", `/users/${u.id}`)).json()).toMatchObject({ theme: "light" });
  });

  it("refuses a theme other than light, dark or system with 400 and keeps the saved one", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    expect((await putUser(ctx.server, u.token, u.id, ["theme"], { theme: "dark" })).status).toBe(200);
    for (const theme of ["blue", "DARK", "", 1, null]) {
      const res = await putUser(ctx.server, u.token, u.id, ["theme"], { theme });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe("400 Bad Request (theme must be one of light, dark, system)");
    }
    expect(await (await call(ctx.server, u.token, "GET", `/users/${u.id}`)).json()).toMatchObject({ theme: "dark" });
  });

  it("keeps user 1 an admin", async () => {
    const res = await putUser(ctx.server, ctx.admin, 1, ["perm"], { perm: NO_PERM });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("user 1 cannot lose admin");
  });
});

describe("DELETE /api/users/{id}", () => {
  it("deletes a user for an admin and answers 403 to others", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    const v = await makeUser(ctx.server, ctx.admin);
    expect((await call(ctx.server, u.token, "DELETE", `/users/${v.id}`)).status).toBe(403);
    expect((await call(ctx.server, ctx.admin, "DELETE", `/users/${v.id}`)).status).toBe(200);
    expect((await call(ctx.server, ctx.admin, "GET", `/users/${v.id}`)).status).toBe(404);
    expect((await call(ctx.server, v.token, "GET", "/resources/")).status).toBe(401);
  });

  it("refuses to delete user 1 while it is the last admin", async () => {
    const res = await call(ctx.server, ctx.admin, "DELETE", "/users/1");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("last admin");
  });
});

describe("POST /api/signup", () => {
  it("answers 403 while signup is off", async () => {
    const res = await call(ctx.server, null, "POST", "/signup", { username: "newbie", password: "newbie-password-1" });
    expect(res.status).toBe(403);
  });

  it("creates a non-admin user with the default settings while signup is on", async () => {
    await putSettings(ctx.server, ctx.admin, {
      signup: true,
      createUserDir: true,
      defaults: { locale: "ru", perm: { ...NO_PERM, download: true, admin: true } },
    });
    try {
      const res = await call(ctx.server, null, "POST", "/signup", {
        username: "newbie",
        password: "newbie-password-1",
      });
      expect(res.status).toBe(200);
      const token = await login(ctx.server, "newbie", "newbie-password-1");
      const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
      expect(payload.user).toMatchObject({ locale: "ru", perm: { admin: false, download: true, create: false } });
      expect(
        (await call(ctx.server, null, "POST", "/signup", { username: "newbie", password: "newbie-password-1" })).status,
      ).toBe(409);
      expect((await call(ctx.server, null, "POST", "/signup", { username: "shortpw", password: "short" })).status).toBe(
        400,
      );
    } finally {
      await putSettings(ctx.server, ctx.admin, {
        signup: false,
        createUserDir: false,
        defaults: { locale: "", perm: { ...NO_PERM, create: true, download: true } },
      });
    }
  });
});

describe("POST /api/signup with the --signup flag", () => {
  it("is open even while the setting is off", async () => {
    const open = await startInProcess({ args: ["--signup"] });
    try {
      const res = await call(open, null, "POST", "/signup", { username: "flagged", password: "flagged-password" });
      expect(res.status).toBe(200);
      expect(await login(open, "flagged", "flagged-password")).toContain(".");
    } finally {
      await open.stop();
    }
  });
});
