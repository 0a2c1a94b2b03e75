/** @module Rows of the users table mapped to the domain User type. */
import type { Database } from "bun:sqlite";
import type { Permissions, Rule, Sorting, Theme, User, ViewMode } from "../users/types";
import { noteWrite } from "./change-clock";

interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  scope: string;
  locale: string;
  view_mode: string;
  single_click: number;
  show_hidden: number;
  sorting: string;
  perm: string;
  commands: string;
  rules: string;
  lock_password: number;
  otp_enabled: number;
  otp_key: string;
  updated_at: number;
  theme: string;
}

function toUser(r: UserRow): User {
  return {
    id: r.id,
    username: r.username,
    passwordHash: r.password_hash,
    scope: r.scope,
    locale: r.locale,
    viewMode: r.view_mode as ViewMode,
    singleClick: !!r.single_click,
    showHidden: !!r.show_hidden,
    sorting: JSON.parse(r.sorting) as Sorting,
    perm: JSON.parse(r.perm) as Permissions,
    commands: JSON.parse(r.commands) as string[],
    rules: JSON.parse(r.rules) as Rule[],
    lockPassword: !!r.lock_password,
    otpEnabled: !!r.otp_enabled,
    otpKey: r.otp_key,
    updatedAt: r.updated_at,
    theme: r.theme as Theme,
  };
}

function toParams(u: Omit<User, "id">) {
  return {
    username: u.username,
    password_hash: u.passwordHash,
    scope: u.scope,
    locale: u.locale,
    view_mode: u.viewMode,
    single_click: u.singleClick ? 1 : 0,
    show_hidden: u.showHidden ? 1 : 0,
    sorting: JSON.stringify(u.sorting),
    perm: JSON.stringify(u.perm),
    commands: JSON.stringify(u.commands),
    rules: JSON.stringify(u.rules),
    lock_password: u.lockPassword ? 1 : 0,
    otp_enabled: u.otpEnabled ? 1 : 0,
    otp_key: u.otpKey,
    updated_at: u.updatedAt,
    theme: u.theme,
  };
}

const COLUMNS =
  "username, password_hash, scope, locale, view_mode, single_click, show_hidden, sorting, perm, commands, rules, lock_password, otp_enabled, otp_key, updated_at, theme";

/** The user with this id, or null. */
export function findUserById(db: Database, id: number): User | null {
  const row = db.query("SELECT * FROM users WHERE id = ?").get(id) as UserRow | null;
  return row ? toUser(row) : null;
}

/** The user with this name (case-insensitive), or null. */
export function findUserByName(db: Database, username: string): User | null {
  const row = db.query("SELECT * FROM users WHERE username = ?").get(username) as UserRow | null;
  return row ? toUser(row) : null;
}

/** Every user, ordered by id. */
export function listUsers(db: Database): User[] {
  return (db.query("SELECT * FROM users ORDER BY id").all() as UserRow[]).map(toUser);
}

/** Number of users in the store. */
export function countUsers(db: Database): number {
  return (db.query("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n;
}

/** Number of users holding the admin flag. */
export function countAdmins(db: Database): number {
  return (db.query("SELECT COUNT(*) AS n FROM users WHERE json_extract(perm, '$.admin') = 1").get() as { n: number }).n;
}

/** Inserts a user and returns it with its new id. Throws SQLite's UNIQUE error for a taken name. */
export function insertUser(db: Database, user: Omit<User, "id">): User {
  const placeholders = COLUMNS.split(", ")
    .map((c) => `$${c}`)
    .join(", ");
  const row = db
    .query(`INSERT INTO users (${COLUMNS}) VALUES (${placeholders}) RETURNING *`)
    .get(toParams(user)) as UserRow;
  noteWrite(db);
  return toUser(row);
}

/** Replaces every stored field of an existing user. */
export function updateUser(db: Database, user: User): void {
  const sets = COLUMNS.split(", ")
    .map((c) => `${c} = $${c}`)
    .join(", ");
  db.query(`UPDATE users SET ${sets} WHERE id = $id`).run({ ...toParams(user), id: user.id });
  noteWrite(db);
}

/** Deletes a user by id. */
export function deleteUser(db: Database, id: number): void {
  db.query("DELETE FROM users WHERE id = ?").run(id);
  noteWrite(db);
}
