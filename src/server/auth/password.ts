/**
 * @module Password hashing with Bun.password (argon2id by default, PHC string format). Each hash or check holds
 * argon2id's 64 MiB (Bun's default memory cost) for a moment; at most PASSWORD_CHECKS_AT_ONCE run at once, so a burst
 * of logins on a many-core machine cannot take gigabytes.
 */
import { limiter } from "../limiter";

/**
 * Password hashes and checks run at once (auth/password.ts): each holds argon2id's 64 MiB (Bun's default memory
 * cost, measured: +65 MiB RSS per check) for about 150 ms, so 4 cap a burst of logins at 256 MiB.
 */
const PASSWORD_CHECKS_AT_ONCE = 4;

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
