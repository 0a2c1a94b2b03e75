/**
 * @module Password hashing with Bun.password (argon2id by default, PHC string format). Each hash or check holds
 * argon2id's 64 MiB (Bun's default memory cost) for a moment; at most PASSWORD_CHECKS_AT_ONCE run at once, so a burst
 * of logins on a many-core machine cannot take gigabytes.
 */
import { PASSWORD_CHECKS_AT_ONCE } from "../constants";
import { limiter } from "../limiter";

const checks = limiter(PASSWORD_CHECKS_AT_ONCE);

/** Hashes a plain password; returns the PHC string (`$argon2id$v=19$...`). */
export function hashPassword(plain: string): Promise<string> {
  return checks(() => Bun.password.hash(plain, { algorithm: "argon2id" }));
}

/** True when `plain` matches `hash`; false for a mismatch or a malformed hash (never throws). */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  try {
    return await checks(() => Bun.password.verify(plain, hash));
  } catch {
    return false;
  }
}
