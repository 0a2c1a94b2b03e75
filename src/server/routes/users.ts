/**
 * @module /api/users: list, read, create, change and delete users; the 2FA enrolment QR code (docs/product.md "User
 * calls": GET shows the key, POST makes it, `regenerate=once` a new one); a
 * user's login sessions (GET /users/{id}/sessions, DELETE /users/{id}/sessions[/{handle}]) for that user or admins.
 */
import { Hono, type Context } from "hono";
import type { User } from "../users/types";
import type { AppEnv } from "../app-env";
import { requireAdmin, requireAuth, requireSelfOrAdmin } from "../auth/middleware";
import { findUserById, listUsers } from "../db/users-table";
import { changeUser, createUser, removeUser } from "../users/user-service";
import { parseUserRequest } from "../users/user-changes";
import { ensureOtpKey } from "../users/user-otp";
import { otpAuthUri, qrCodePng } from "../auth/otp";
import { getSettings } from "../settings/settings-service";
import { presentUser } from "../presenters/user";
import { BadRequest, Forbidden, NotFound } from "../errors";
import { DEFAULT_APP_NAME } from "../../shared/wire/settings";
import { endSessionByHandle, listSessions } from "../auth/session-list";
import { endUserSessions } from "../auth/sessions";
import { readJsonBody } from "./request/json-body";
import { nowSeconds } from "../deps";

/** The numeric `:id` of the path. @throws NotFound for anything but a positive integer. */
function userId(raw: string): number {
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw new NotFound();
  return id;
}

/** The caller when `rawId` names them: only the owner sees a QR, it carries the secret itself. @throws Forbidden. */
function ownOtpAccount(rawId: string, me: User): User {
  if (userId(rawId) !== me.id) throw new Forbidden();
  return me;
}

/** The PNG QR code of `user`'s OTP key, never cached. */
async function otpQrAnswer(c: Context<AppEnv>, user: User): Promise<Response> {
  const issuer = getSettings(c.get("deps").db).branding.name || DEFAULT_APP_NAME;
  const png = await qrCodePng(otpAuthUri(user.otpKey, issuer, user.username));
  return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png", "Cache-Control": "no-store" });
}

/** The users API: admins manage everyone; users read and change their own profile and 2FA. */
export const userRoutes = new Hono<AppEnv>()
  .use("/users", requireAuth)
  .use("/users/*", requireAuth)
  .get("/users", requireAdmin, (c) => {
    const viewer = c.get("user").id;
    return c.json(listUsers(c.get("deps").db).map((u) => presentUser(u, viewer)));
  })
  // The QR of the 2FA key; a GET only shows the key there is (docs/security.md "Two-factor keys").
  .get("/users/otp-qrcode/:id", (c) => {
    const me = ownOtpAccount(c.req.param("id"), c.get("user"));
    if (c.req.query("regenerate") !== undefined) throw new BadRequest("a new key needs POST");
    // The secret in use is never shown again (user-otp.ts).
    if (me.otpEnabled) throw new Forbidden("OTP is on; revoke it first");
    if (!me.otpKey) throw new NotFound("no 2FA key yet: POST to make one");
    return otpQrAnswer(c, me);
  })
  // Makes the key when there is none, or a new one with regenerate=once, and answers its QR.
  .post("/users/otp-qrcode/:id", (c) => {
    const me = ownOtpAccount(c.req.param("id"), c.get("user"));
    return otpQrAnswer(c, ensureOtpKey(c.get("deps").db, me, c.req.query("regenerate") === "once"));
  })
  .get("/users/:id", requireSelfOrAdmin("id"), (c) => {
    const user = findUserById(c.get("deps").db, userId(c.req.param("id")));
    if (!user) throw new NotFound();
    return c.json(presentUser(user, c.get("user").id));
  })
  .post("/users", requireAdmin, async (c) => {
    const deps = c.get("deps");
    const { data } = parseUserRequest((await readJsonBody(c)) ?? null);
    const user = await createUser(deps.db, data, { rootReal: deps.rootReal });
    c.header("Location", `${deps.config.baseurl}/api/users/${user.id}`);
    return c.json(presentUser(user, c.get("user").id), 201);
  })
  .put("/users/:id", requireSelfOrAdmin("id"), async (c) => {
    const deps = c.get("deps");
    const body = await readJsonBody(c);
    if (body === undefined) throw new BadRequest("JSON body {what, which, data} expected");
    const user = await changeUser(
      deps.db,
      deps.rootReal,
      c.get("user"),
      userId(c.req.param("id")),
      body,
      c.get("sessionId"),
    );
    return c.json(presentUser(user, c.get("user").id));
  })
  // Live sessions with last use, IP and browser; the one making the request is marked current.
  .get("/users/:id/sessions", requireSelfOrAdmin("id"), (c) => {
    const id = userId(c.req.param("id"));
    if (!findUserById(c.get("deps").db, id)) throw new NotFound();
    return c.json(listSessions(c.get("deps").db, id, nowSeconds(c.get("deps").clock), c.get("sessionId")));
  })
  // Ends every session of the user (an admin signing a user out everywhere); answers how many ended.
  .delete("/users/:id/sessions", requireSelfOrAdmin("id"), (c) => {
    const id = userId(c.req.param("id"));
    if (!findUserById(c.get("deps").db, id)) throw new NotFound();
    return c.json({ ended: endUserSessions(c.get("deps").db, id) });
  })
  .delete("/users/:id/sessions/:handle", requireSelfOrAdmin("id"), (c) => {
    if (!endSessionByHandle(c.get("deps").db, userId(c.req.param("id")), c.req.param("handle"))) throw new NotFound();
    return c.text("200 OK");
  })
  .delete("/users/:id", requireAdmin, (c) => {
    const { db, tasks } = c.get("deps");
    const id = userId(c.req.param("id"));
    // Their tasks go too: task connections get MsgType 1 for each, and a running one is stopped.
    tasks.queue.removeOwner(id, () => removeUser(db, id, c.get("user").id));
    return c.text("200 OK");
  });
