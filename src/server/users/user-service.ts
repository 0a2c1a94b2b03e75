/** @module User lifecycle: first-run admin, lookups, credential checks. */
import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { countUsers, findUserByName, insertUser } from "../db/users-table";
import { hashPassword, verifyPassword } from "../auth/password";
import { ALL_PERMISSIONS, type User } from "./types";
import { GENERATED_PASSWORD_LENGTH } from "../constants";
import { getUserDefaults } from "../settings/settings-service";

/** Generates a random password of letters and digits (length GENERATED_PASSWORD_LENGTH). */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(GENERATED_PASSWORD_LENGTH);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * Creates the first admin when the store has no user yet (CONTRACT `--username/--password`).
 * Returns `{created: true, password}` with the plain password used (generated when `password` is empty),
 * or `{created: false}` when users already exist.
 */
export async function ensureFirstAdmin(
  db: Database,
  username: string,
  password: string,
): Promise<{ created: boolean; username: string; password?: string; generated?: boolean }> {
  if (countUsers(db) > 0) return { created: false, username };
  const plain = password || generatePassword();
  const defaults = getUserDefaults(db);
  insertUser(db, {
    ...defaults,
    username,
    passwordHash: await hashPassword(plain),
    scope: "/",
    perm: { ...ALL_PERMISSIONS },
    lockPassword: false,
    otpEnabled: false,
    otpKey: "",
    updatedAt: Math.floor(Date.now() / 1000),
  });
  return { created: true, username, password: plain, generated: !password };
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
