/**
 * @module Pure grouping of a sessions list by device: logins from the same browser, system and IP are one row with
 * a count, so a user who signed in ten times on one laptop sees one laptop.
 */
import type { SessionInfo } from "../../shared/wire/session";

/** The logins of one device, most recently used first. */
export interface SessionGroup {
  /** The device's key: its name and IP. */
  readonly key: string;
  readonly sessions: readonly SessionInfo[];
  /** The most recently used login of the device. */
  readonly latest: SessionInfo;
  /** One of them is the session of this browser. */
  readonly current: boolean;
}

/**
 * Groups sessions by `deviceName(session)` and IP. The group of this browser comes first, then the others by their
 * latest use, newest first; inside a group the newest login is first.
 */
export function groupSessions(
  sessions: readonly SessionInfo[],
  deviceName: (s: SessionInfo) => string,
): SessionGroup[] {
  const byKey = new Map<string, SessionInfo[]>();
  for (const s of sessions) {
    const key = `${deviceName(s)}\u0000${s.ip}`;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  const groups = [...byKey].map(([key, list]) => {
    const sorted = [...list].sort((a, b) => b.lastUsedAt - a.lastUsedAt);
    return { key, sessions: sorted, latest: sorted[0], current: sorted.some((s) => s.current) };
  });
  return groups.sort((a, b) => Number(b.current) - Number(a.current) || b.latest.lastUsedAt - a.latest.lastUsedAt);
}

/** The sessions a group's Sign out ends: all of the device's logins but this browser's own. */
export function endableSessions(group: SessionGroup): SessionInfo[] {
  return group.sessions.filter((s) => !s.current);
}
