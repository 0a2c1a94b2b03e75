/**
 * @module Password hashing with Bun.password (argon2id, PHC string format). Each hash or check holds argon2id's memory
 * cost (64 MiB unless FBE_PASSWORD_MEMORY_KIB says otherwise) for a moment; at most PASSWORD_CHECKS_AT_ONCE run at
 * once, so a burst of logins on a many-core machine cannot take gigabytes.
 */
import { PASSWORD_MEMORY_KIB } from "../config/flags";
import { limiter } from "../limiter";

/**
 * Password hashes and checks run at once (auth/password.ts): each holds argon2id's 64 MiB (Bun's default memory
 * cost, measured: +65 MiB RSS per check) for about 150 ms, so 4 cap a burst of logins at 256 MiB.
 */
const PASSWORD_CHECKS_AT_ONCE = 4;

const checks = limiter(PASSWORD_CHECKS_AT_ONCE);

/** argon2id memory cost (KiB) of the hashes made from now on; a check reads the cost of its hash from the hash. */
let memoryKib = PASSWORD_MEMORY_KIB;

/**
 * Sets the argon2id memory cost (KiB, at least 1024) of new hashes, from the Config's `passwordMemoryKib`
 * (FBE_PASSWORD_MEMORY_KIB): a small device lowers it; the test runs lower it so that hundreds of logins cost little.
 * Hashes made before keep their own cost, which their checks use.
 */
export function configurePasswords(config: { passwordMemoryKib: number }): void {
  memoryKib = config.passwordMemoryKib;
}

/** Hashes a plain password; returns the PHC string (`$argon2id$v=19$m=<KiB>,t=2,p=1$...`). */
export function hashPassword(plain: string): Promise<string> {
  return checks(() => Bun.password.hash(plain, { algorithm: "argon2id", memoryCost: memoryKib, timeCost: 2 }));
}

/** True when `plain` matches `hash`; false for a mismatch or a malformed hash (never throws). */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  try {
    return await checks(() => Bun.password.verify(plain, hash));
  } catch {
    return false;
  }
}
