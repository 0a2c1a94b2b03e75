/**
 * @module Share links (docs/product.md "Share dialog", "Share link", "Share duration", "Share calls"): creation with an
 * expiry or as the one permalink of a path, listing per path and for admins, deletion by owner or admin, and the
 * validity check of a public hash. Links are stored with a path from the files root and answered with the path in their
 * owner's current scope (share-target.ts).
 */
import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import {
  allShares,
  deleteShare,
  findShare,
  insertShare,
  purgeExpiredShares,
  setShareRate,
  sharesOfPath,
  type ShareRow,
} from "../db/shares-table";
import { findUserById, listUsers } from "../db/users-table";
import { hasPermission } from "../auth/permissions";
import { BadRequest, Forbidden, NotFound } from "../errors";
import {
  SHARE_DOWNLOAD_LIMIT_MAX,
  SHARE_DOWNLOAD_RATE_MAX,
  SHARE_DOWNLOAD_RATE_MIN,
  SHARE_EXPIRES_MAX,
  SHARE_UNITS,
  type ShareOptions,
  type ShareUnit,
} from "../../shared/wire/share";
import { hashPassword } from "../auth/password";
import type { User } from "../users/types";
import { rootPathOf, scopePathOf } from "./share-target";

/** Random bytes of a share hash: 128 bits (at least 96 against guessing) from the system CSPRNG, base64url. */
const SHARE_HASH_BYTES = 16;

/** A link as listed for admins: `outOfScope` when its owner's scope (or its owner) no longer holds its target. */
export type ListedLink = ShareRow & { outOfScope: boolean };

/** `share` with its path in `scope`, or null when the scope no longer holds it. */
function inScope(share: ShareRow, scope: string): ShareRow | null {
  const path = scopePathOf(scope, share.path);
  return path === null ? null : { ...share, path };
}

/**
 * The expiry (Unix seconds) that `expires` (an integer 0..2147483647) times `unit` gives from `now`, or 0 for a
 * permalink when both are absent (docs/product.md "Share calls": the query is omitted for a permalink).
 * @throws BadRequest naming the field for an empty, negative, fractional or too large number or an unknown unit.
 */
export function parseExpiry(expires: string | undefined, unit: string | undefined, now: number): number {
  if (expires === undefined && unit === undefined) return 0;
  const n = (expires ?? "").trim();
  if (!/^\d+$/.test(n) || Number(n) > SHARE_EXPIRES_MAX)
    throw new BadRequest(`expires must be an integer 0-${SHARE_EXPIRES_MAX}`);
  const u = (unit ?? "hours") as ShareUnit;
  if (!Object.hasOwn(SHARE_UNITS, u)) throw new BadRequest("unit must be seconds, minutes, hours or days");
  return now + Number(n) * SHARE_UNITS[u];
}

/** Link options as checked: the password already hashed. */
export interface CheckedOptions {
  passwordHash: string;
  uploadOnly: boolean;
  downloadLimit: number;
  /** Public download speed, bytes per second; 0 = unlimited. */
  downloadRate: number;
}

/**
 * Checks the optional JSON body of a creation (ShareOptions) for a link to `path` and hashes its password.
 * @throws BadRequest naming the field: a non-string password, uploadOnly on a file, a limit that is not an
 * integer 0..SHARE_DOWNLOAD_LIMIT_MAX, a speed that is not 0 or an integer SHARE_DOWNLOAD_RATE_MIN..MAX.
 */
export async function checkOptions(body: unknown, path: string): Promise<CheckedOptions> {
  const b = (body && typeof body === "object" ? body : {}) as ShareOptions;
  if (b.password !== undefined && typeof b.password !== "string") throw new BadRequest("password must be a string");
  if (b.uploadOnly !== undefined && typeof b.uploadOnly !== "boolean")
    throw new BadRequest("uploadOnly must be true or false");
  if (b.uploadOnly && !path.endsWith("/")) throw new BadRequest("uploadOnly is only for a folder");
  const limit = b.downloadLimit ?? 0;
  if (!Number.isInteger(limit) || limit < 0 || limit > SHARE_DOWNLOAD_LIMIT_MAX)
    throw new BadRequest(`downloadLimit must be an integer 0-${SHARE_DOWNLOAD_LIMIT_MAX}`);
  const rate = checkRate(b.downloadRate ?? 0);
  return {
    passwordHash: b.password ? await hashPassword(b.password) : "",
    uploadOnly: b.uploadOnly === true,
    downloadLimit: limit,
    downloadRate: rate,
  };
}

/** A download speed as given: 0, or an integer SHARE_DOWNLOAD_RATE_MIN..MAX. @throws BadRequest naming downloadRate. */
function checkRate(rate: unknown): number {
  if (
    typeof rate !== "number" ||
    !Number.isInteger(rate) ||
    (rate !== 0 && (rate < SHARE_DOWNLOAD_RATE_MIN || rate > SHARE_DOWNLOAD_RATE_MAX))
  ) {
    throw new BadRequest(
      `downloadRate must be 0 or an integer ${SHARE_DOWNLOAD_RATE_MIN}-${SHARE_DOWNLOAD_RATE_MAX} (bytes per second)`,
    );
  }
  return rate;
}

/**
 * Changes the download speed of link `hash` for `actor` (its owner or an admin) from a `{downloadRate}` body;
 * returns the link as it now is.
 * @throws BadRequest for a missing or invalid downloadRate; NotFound for an unknown hash; Forbidden for anyone else.
 */
export function changeLinkRate(db: Database, actor: User, hash: string, body: unknown): ShareRow {
  const share = findShare(db, hash);
  if (!share) throw new NotFound();
  if (share.userId !== actor.id && !actor.perm.admin) throw new Forbidden();
  const rate = checkRate((body && typeof body === "object" ? (body as { downloadRate?: unknown }) : {}).downloadRate);
  setShareRate(db, hash, rate);
  const owner = share.userId === actor.id ? actor : findUserById(db, share.userId);
  return { ...((owner && inScope(share, owner.scope)) ?? share), downloadRate: rate };
}

const NO_OPTIONS: CheckedOptions = { passwordHash: "", uploadOnly: false, downloadLimit: 0, downloadRate: 0 };

/**
 * Creates a link of `user` to `path` (in the user's scope; a folder path ends with "/") expiring at `expire` with
 * `options`; it is stored with its path from the files root. A plain permalink (expire 0, no options) exists at
 * most once per path and user: asking again answers the existing one. Returns the link (path in the user's scope).
 */
export function createShare(
  db: Database,
  user: User,
  path: string,
  expire: number,
  now: number,
  options: CheckedOptions = NO_OPTIONS,
): ShareRow {
  const plain =
    !options.passwordHash && !options.uploadOnly && options.downloadLimit === 0 && options.downloadRate === 0;
  if (expire === 0 && plain) {
    const permalink = linksOfPath(db, user, path, now).find(
      (s) => s.expire === 0 && !s.passwordHash && !s.uploadOnly && s.downloadLimit === 0 && s.downloadRate === 0,
    );
    if (permalink) return permalink;
  }
  const hash = randomBytes(SHARE_HASH_BYTES).toString("base64url");
  insertShare(db, { hash, path: rootPathOf(user.scope, path), userId: user.id, expire, ...options, downloads: 0 });
  return { hash, path, userId: user.id, expire, ...options, downloads: 0 };
}

/** The live links of `user` on `path` (in the user's scope), answered with that path. */
export function linksOfPath(db: Database, user: User, path: string, now: number): ShareRow[] {
  return sharesOfPath(db, user.id, rootPathOf(user.scope, path), now).map((s) => ({ ...s, path }));
}

/**
 * Every live link (admins), permanent first, then by expiry; expired ones are purged on the way. Each has its path
 * in its owner's current scope, or its files-root path and `outOfScope` when that scope no longer holds it.
 */
export function everyLink(db: Database, now: number): ListedLink[] {
  purgeExpiredShares(db, now);
  const scopes = new Map(listUsers(db).map((u) => [u.id, u.scope]));
  return allShares(db, now).map((s) => {
    const scope = scopes.get(s.userId);
    const seen = scope === undefined ? null : inScope(s, scope);
    return seen ? { ...seen, outOfScope: false } : { ...s, outOfScope: true };
  });
}

/**
 * Deletes link `hash` for `actor`: its owner or an admin.
 * @throws NotFound for an unknown hash; Forbidden (403) for anyone else (the link stays).
 */
export function removeLink(db: Database, actor: User, hash: string): void {
  const share = findShare(db, hash);
  if (!share) throw new NotFound();
  if (share.userId !== actor.id && !actor.perm.admin) throw new Forbidden();
  deleteShare(db, hash);
}

/**
 * The link `hash` with its owner when it still works at `now`: not expired, its download limit not reached, owner
 * present and still holding the share and download permissions, and its target inside the owner's current scope.
 * The share's path is answered in that scope. Whether it is still there and allowed is for the resolver to say.
 * @throws NotFound (404) otherwise, the same answer for every reason.
 */
export function liveLink(db: Database, hash: string, now: number): { share: ShareRow; owner: User } {
  const stored = /^[A-Za-z0-9_-]{1,64}$/.test(hash) ? findShare(db, hash) : null;
  if (!stored || (stored.expire !== 0 && stored.expire <= now)) throw new NotFound();
  if (stored.downloadLimit > 0 && stored.downloads >= stored.downloadLimit) throw new NotFound();
  const owner = findUserById(db, stored.userId);
  if (!owner || !hasPermission(owner, "share") || !hasPermission(owner, "download")) throw new NotFound();
  const share = inScope(stored, owner.scope);
  if (!share) throw new NotFound();
  return { share, owner };
}
