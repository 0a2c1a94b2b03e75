/** @module Password hashing with Bun.password (argon2id by default, PHC string format). */

/** Hashes a plain password; returns the PHC string (`$argon2id$v=19$...`). */
export function hashPassword(plain: string): Promise<string> {
  return Bun.password.hash(plain, { algorithm: "argon2id" });
}

/** True when `plain` matches `hash`; false for a mismatch or a malformed hash (never throws). */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(plain, hash);
  } catch {
    return false;
  }
}
