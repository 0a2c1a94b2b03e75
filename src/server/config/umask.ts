/**
 * @module The file mode creation mask of the server process: what it creates (uploads, saves, new files and
 * folders, the store, caches, and the output of the tools it runs, which inherit the mask) is never readable by
 * other accounts of the machine. File Browser advisory GHSA-jj2r-455p-5gvf (CVE-2025-52900): files created under
 * the usual umask 022 were world-readable.
 */

/** The mask applied when FBE_UMASK is not set: new files 0640, new folders 0750. */
export const DEFAULT_UMASK = 0o027;

/**
 * The mask FBE_UMASK names in `env` (octal, "027", "0027" or "0o027"; "022" for the usual world-readable modes),
 * else DEFAULT_UMASK.
 * @throws Error naming FBE_UMASK when it is not an octal number from 0 to 777.
 */
export function umaskFromEnv(env: Record<string, string | undefined>): number {
  return parseUmask(env.FBE_UMASK ?? "") ?? DEFAULT_UMASK;
}

/**
 * The mask a raw FBE_UMASK value names (see umaskFromEnv); undefined when it is blank.
 * @throws Error naming FBE_UMASK when it is not an octal number from 0 to 777.
 */
export function parseUmask(value: string): number | undefined {
  const raw = value.trim();
  if (!raw) return undefined;
  const digits = raw.replace(/^0o/i, "");
  if (!/^[0-7]{1,4}$/.test(digits) || Number.parseInt(digits, 8) > 0o777)
    throw new Error(`FBE_UMASK must be an octal mask from 000 to 777, got "${raw}"`);
  return Number.parseInt(digits, 8);
}
