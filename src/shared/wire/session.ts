/** @module Wire shape of a login session as listed to its owner and to admins (GET /api/users/{id}/sessions). Types only. */

/** One login session. */
export interface SessionInfo {
  /** A public handle of the session (not its secret id): DELETE /api/users/{id}/sessions/{handle} ends it. */
  readonly id: string;
  /** Unix seconds: when the login happened. */
  readonly createdAt: number;
  /** Unix seconds: the last request made with it (to the minute). */
  readonly lastUsedAt: number;
  /** Unix seconds: when its latest token expires. */
  readonly expiresAt: number;
  /** Client IP of the login or latest renewal ("" when unknown). */
  readonly ip: string;
  /** The browser's User-Agent of the login or latest renewal. */
  readonly userAgent: string;
  /** True for the session of the request that asked. */
  readonly current: boolean;
}
