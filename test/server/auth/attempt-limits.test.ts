import { describe, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { takeLoginAttempt } from "../../../src/server/auth/attempt-limits";
import { TooManyRequests } from "../../../src/server/errors";

const RATE = { loginPerIp: 100, loginPerUser: 2, sharePasswordPerIp: 10, windowSeconds: 60 };

/** The status of taking one login attempt: 429 when refused, else 0. */
function statusOf(db: Database, ip: string, name: string): number {
  try {
    takeLoginAttempt(db, "login", ip, name, RATE, 1_000);
    return 0;
  } catch (err) {
    return err instanceof TooManyRequests ? 429 : -1;
  }
}

describe("takeLoginAttempt", () => {
  it("limits a user name per IP: another IP's attempts on the same name leave it open", () => {
    const db = new Database(":memory:");
    expect([
      statusOf(db, "192.0.2.1", "admin"),
      statusOf(db, "192.0.2.1", "ADMIN"),
      statusOf(db, "192.0.2.1", "admin"),
    ]).toEqual([0, 0, 429]);
    expect(statusOf(db, "192.0.2.2", "admin")).toBe(0);
  });

  it("keys at most 256 characters of a name, so a huge name costs no more memory than a long one", () => {
    const db = new Database(":memory:");
    const stem = "n".repeat(256);
    expect([statusOf(db, "192.0.2.9", `${stem}a`), statusOf(db, "192.0.2.9", `${stem}${"b".repeat(100_000)}`)]).toEqual(
      [0, 0],
    );
    expect(statusOf(db, "192.0.2.9", `${stem}c`)).toBe(429);
  });
});
