/**
 * @module Keeping long-lived connections (the task and command sockets of docs/product.md "Sockets") tied to their
 * login session (docs/interfaces.md "Authentication": sessions are revocable): who is behind a connection now, and when
 * to look again.
 */
import type { Database } from "bun:sqlite";
import { onLocalWrite } from "../db/change-clock";
import type { User } from "../users/types";
import { hasPermission } from "./permissions";
import { cachedUser, sessionUser } from "./sessions";

/**
 * Task and command connections: how often (ms) an open socket re-checks that its login session is still live.
 * Ends written by this server (logout, user edit or deletion) are seen at once; the timer catches expiry and
 * ends written by another process (`fbe users`), which the store notices at most every EXTERNAL_CHANGE_POLL_MS.
 */
export const SOCKET_SESSION_CHECK_MS = 15_000;

/**
 * The user behind a connection opened with session `sid` (undefined in no-auth mode, which acts as the user
 * itself), or null once the session ended or expired, the user is gone or lost the execute permission.
 */
export function liveExecutor(db: Database, noauth: boolean, userId: number, sid: string | undefined): User | null {
  const user = noauth
    ? cachedUser(db, userId)
    : sid
      ? sessionUser(db, userId, sid, Math.floor(Date.now() / 1000))
      : null;
  return user && hasPermission(user, "execute") ? user : null;
}

/**
 * Calls `check` after every write this process makes to the store (logout, password change, user edit or
 * deletion end sessions there: the connection sees it at once) and every `intervalMs` (default
 * SOCKET_SESSION_CHECK_MS: session expiry, and ends written by another process such as `fbe users`).
 * An error thrown by `check` goes to `log`. Returns the function that stops the checks.
 */
export function watchSessions(
  db: Database,
  check: () => void,
  o: { intervalMs?: number; log?: { error(msg: string): void } } = {},
): () => void {
  const safeCheck = () => {
    try {
      check();
    } catch (err) {
      o.log?.error(`session check: ${(err as Error)?.stack ?? err}`);
    }
  };
  const unsubscribe = onLocalWrite(db, safeCheck);
  const timer = setInterval(safeCheck, o.intervalMs ?? SOCKET_SESSION_CHECK_MS);
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}
