import { describe, expect, it } from "bun:test";
import { endableSessions, groupSessions } from "../../../src/ui/stores/session-groups";
import type { SessionInfo } from "../../../src/shared/wire/session";

const session = (id: string, userAgent: string, ip: string, lastUsedAt: number, current = false): SessionInfo => ({
  id,
  userAgent,
  ip,
  lastUsedAt,
  createdAt: lastUsedAt,
  expiresAt: lastUsedAt + 7200,
  current,
});
const byAgent = (s: SessionInfo) => s.userAgent;

describe("session groups", () => {
  it("makes one row per browser, system and IP, this browser first, then by latest use", () => {
    const groups = groupSessions(
      [
        session("a", "Firefox", "10.0.0.1", 100),
        session("b", "Chrome", "10.0.0.2", 300),
        session("c", "Firefox", "10.0.0.1", 200),
        session("d", "Firefox", "10.0.0.9", 150),
        session("e", "Chrome", "10.0.0.2", 50, true),
      ],
      byAgent,
    );
    expect(groups.map((g) => g.sessions.map((s) => s.id))).toEqual([["b", "e"], ["c", "a"], ["d"]]);
    expect(groups.map((g) => g.current)).toEqual([true, false, false]);
    expect(groups[1].latest.id).toBe("c");
  });

  it("signs out every login of a device but this browser's own", () => {
    const [mine] = groupSessions([session("a", "Chrome", "", 10, true), session("b", "Chrome", "", 20)], byAgent);
    expect(endableSessions(mine).map((s) => s.id)).toEqual(["b"]);
  });
});
