/** @module User lifecycle: first-run admin, creation, changes, deletion, signup and credential checks. */
import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { reassignTrash } from "../db/trash-table";
import { countUsers, deleteUser, findUserById, findUserByName, insertUser, updateUser } from "../db/users-table";
import { hashPassword, verifyPassword } from "../auth/password";
import { ALL_PERMISSIONS, type Permissions, type User } from "./types";
import { parseUsername } from "./user-fields";
import { getSettings, getUserDefaults } from "../settings/settings-service";
import { BadRequest, Conflict, Forbidden, NotFound } from "../errors";
import {
  CURRENT_PASSWORD_FIELD,
  OTP_FIELD,
  OTP_PASSCODE_FIELD,
  USER_FIELDS,
  expandWhich,
  parseUserChanges,
  parseUserRequest,
  type UserChanges,
} from "./user-changes";
import { assertAdminKept, assertMayChange, assertMayDelete, normalizeAdmin } from "./user-policy";
import { switchOtpOff, toggleOtp } from "./user-otp";
import { ensureScopeFolder, homeScopeOf } from "./user-home";
import { endUserSessions } from "../auth/sessions";

/** Length of a generated first-run admin password. */
const GENERATED_PASSWORD_LENGTH = 16;

/** What a self-registered account may do until an admin widens it: read and download, nothing else. */
export const SIGNUP_PERM: Readonly<Permissions> = {
  admin: false,
  execute: false,
  create: false,
  rename: false,
  modify: false,
  delete: false,
  share: false,
  download: true,
  publish: false,
};

/** Generates a random password of letters and digits (length GENERATED_PASSWORD_LENGTH). */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(GENERATED_PASSWORD_LENGTH);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * Creates the first admin when the store has no user yet (docs/interfaces.md "Server flags").
 * Returns `{created: true, password}` with the plain password used (generated when `password` is empty),
 * or `{created: false}` when users already exist. The minimum password length does not apply here.
 */
export async function ensureFirstAdmin(
  db: Database,
  username: string,
  password: string,
): Promise<{ created: boolean; username: string; password?: string; generated?: boolean }> {
  if (countUsers(db) > 0) return { created: false, username };
  const plain = password || generatePassword();
  insertUser(db, {
    ...getUserDefaults(db),
    username,
    passwordHash: await hashPassword(plain),
    scope: "/",
    perm: { ...ALL_PERMISSIONS },
    lockPassword: false,
    otpEnabled: false,
    otpKey: "",
    updatedAt: nowSeconds(),
  });
  return { created: true, username, password: plain, generated: !password };
}

/** Where created users' folders go: `rootReal` is the real files root, or null to skip folder creation (CLI without --root). */
export interface CreateOptions {
  rootReal: string | null;
}

/**
 * Creates a user from `data` (the fields of USER_FIELDS; username and password required). Missing fields come
 * from the user defaults; the password needs the minimumPasswordLength setting. Without a scope, createUserDir
 * gives `/users/<name>`, else the default scope; the scope folder is created when missing.
 * @throws BadRequest for invalid fields, Conflict (409) for a taken name.
 */
export async function createUser(db: Database, data: Record<string, unknown>, opts: CreateOptions): Promise<User> {
  const settings = getSettings(db);
  const given = USER_FIELDS.filter((f) => data[f] !== undefined && !(f === "scope" && data[f] === ""));
  const fields = [...new Set(["username", "password", ...given])];
  const changes = parseUserChanges(fields, data, settings.minimumPasswordLength);
  const { password, ...rest } = changes;
  const username = rest.username!;
  const scope = rest.scope ?? (settings.createUserDir ? homeScopeOf(username) : settings.defaults.scope);
  const user = normalizeAdmin({
    ...settings.defaults,
    ...rest,
    username,
    scope,
    passwordHash: await hashPassword(password!),
    otpEnabled: false,
    otpKey: "",
    updatedAt: nowSeconds(),
    lockPassword: rest.lockPassword ?? false,
  });
  if (findUserByName(db, username)) throw new Conflict("username already taken");
  if (opts.rootReal) ensureScopeFolder(opts.rootReal, scope);
  return withUniqueName(() => insertUser(db, user));
}

/**
 * Applies a `{what, which, data}` body from `actor` to user `targetId` (docs/product.md "User calls"),
 * bumping updatedAt so existing tokens get renewed. A new password, permissions, scope or rules end the
 * target's sessions at once (docs/interfaces.md "Authentication": sessions are revocable), except `actorSessionId`, the
 * session the actor changes their own account from. Returns the saved user.
 * @throws NotFound, BadRequest, Forbidden (policy and admin invariants), Conflict for a taken name.
 */
export async function changeUser(
  db: Database,
  rootReal: string | null,
  actor: User,
  targetId: number,
  body: unknown,
  actorSessionId?: string,
): Promise<User> {
  const target = findUserById(db, targetId);
  if (!target) throw new NotFound();
  const { which, data } = parseUserRequest(body);
  if (data.id !== undefined && Number(data.id) !== targetId)
    throw new BadRequest("data.id does not match the user in the path");
  const fields = expandWhich(which, data);
  if (fields.length === 0) throw new BadRequest("which names no field to change");
  assertMayChange(actor, target, fields);
  const changes: UserChanges = parseUserChanges(fields, data, getSettings(db).minimumPasswordLength);
  const { password, ...rest } = changes;
  let next: User = { ...target, ...rest };
  if (password !== undefined && actor.id === target.id)
    await assertCurrentPassword(target, data[CURRENT_PASSWORD_FIELD]);
  if (password !== undefined) next.passwordHash = await hashPassword(password);
  if (fields.includes(OTP_PASSCODE_FIELD)) next = toggleOtp(next, data[OTP_PASSCODE_FIELD]);
  if (fields.includes(OTP_FIELD)) next = switchOtpOff(next, data[OTP_FIELD]);
  next = normalizeAdmin(next);
  assertAdminKept(db, target, next);
  const other = rest.username ? findUserByName(db, rest.username) : null;
  if (other && other.id !== target.id) throw new Conflict("username already taken");
  if (rest.scope !== undefined && rootReal) ensureScopeFolder(rootReal, next.scope);
  next.updatedAt = nowSeconds();
  withUniqueName(() => updateUser(db, next));
  if (password !== undefined || accessChanged(target, next))
    endUserSessions(db, target.id, actor.id === target.id ? actorSessionId : undefined);
  return next;
}

/**
 * Deletes user `id`. Their trash goes to `heirId` (the admin who deletes them, docs/product.md "Trash"); without an
 * heir its entries belong to no user, which admins see. @throws NotFound, or Forbidden for the last admin.
 */
export function removeUser(db: Database, id: number, heirId?: number): void {
  const target = findUserById(db, id);
  if (!target) throw new NotFound();
  assertMayDelete(db, target);
  endUserSessions(db, id);
  db.transaction(() => {
    if (heirId !== undefined && heirId !== id) reassignTrash(db, id, heirId);
    deleteUser(db, id);
  })();
}

/**
 * Open signup (docs/product.md "Sign-in calls"): a user with the default settings but read-only (SIGNUP_PERM: never
 * an admin nor a command runner, no allowed commands: an anonymous visitor must not get a shell on the server, File
 * Browser advisories GHSA-5gg9-5g7w-hm73 and GHSA-x8jc-jvqm-pm3f) until an admin widens the account, in a home
 * folder of its own `/users/<name>` unless the admin chose a default scope narrower than the files root without
 * createUserDir (docs/security.md "Open signup"; the `--signup` flag cannot open the whole root either).
 * @throws Forbidden when signup is closed, BadRequest for a short password, Conflict for a taken name.
 */
export async function signup(db: Database, rootReal: string, enabled: boolean, body: unknown): Promise<User> {
  if (!enabled) throw new Forbidden("signup is disabled");
  const b = (body ?? {}) as { username?: unknown; password?: unknown };
  const { createUserDir, defaults } = getSettings(db);
  const data: Record<string, unknown> = {
    username: b.username ?? "",
    password: b.password ?? "",
    perm: { ...SIGNUP_PERM },
    commands: [],
  };
  if (!createUserDir && defaults.scope === "/" && typeof data.username === "string")
    data.scope = homeScopeOf(parseUsername(data.username));
  return createUser(db, data, { rootReal });
}

/** Returns the user when name and password match, else null (timing of a wrong name matches a wrong password). */
export async function checkCredentials(db: Database, username: string, password: string): Promise<User | null> {
  const user = findUserByName(db, username);
  if (!user) {
    // Spend the time a real check costs, so a wrong name and a wrong password look alike.
    dummyHash ??= hashPassword(generatePassword());
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

let dummyHash: Promise<string> | undefined;

/**
 * docs/security.md "Password changes": a user changing their own password proves they know the current one, so a
 * borrowed session cannot take the account over; an admin setting another user's password needs no such proof.
 * @throws BadRequest when it is missing, Forbidden (403) when it is wrong.
 */
async function assertCurrentPassword(user: User, given: unknown): Promise<void> {
  if (typeof given !== "string" || given === "")
    throw new BadRequest(`${CURRENT_PASSWORD_FIELD} is needed to change your own password`);
  if (!(await verifyPassword(given, user.passwordHash))) throw new Forbidden("the current password is wrong");
}

/** True when what a user may reach changed: permissions, scope or rules. */
function accessChanged(before: User, after: User): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return !same(before.perm, after.perm) || before.scope !== after.scope || !same(before.rules, after.rules);
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Runs a write and turns SQLite's UNIQUE violation on the name (a concurrent creation) into 409. */
function withUniqueName<T>(write: () => T): T {
  try {
    return write();
  } catch (err) {
    if (String((err as { code?: string })?.code).startsWith("SQLITE_CONSTRAINT"))
      throw new Conflict("username already taken");
    throw err;
  }
}
