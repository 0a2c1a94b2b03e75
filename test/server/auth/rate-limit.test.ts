import { describe, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { clearAttempts, takeAttempt } from "../../../src/server/auth/rate-limit";
import { TooManyRequests } from "../../../src/server/errors";

const LIMIT = { limit: 2, windowMs: 10_000 };

/** The error a call throws, or null. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
    return null;
  } catch (err) {
    return err;
  }
}

describe("takeAttempt", () => {
  it("allows `limit` attempts per window per key, then answers 429 with the seconds until the oldest leaves", () => {
    const db = new Database(":memory:");
    takeAttempt(db, ["k"], LIMIT, "slow down", 1_000);
    takeAttempt(db, ["k"], LIMIT, "slow down", 4_000);
    const err = thrown(() => takeAttempt(db, ["k"], LIMIT, "slow down", 5_000)) as TooManyRequests;
    expect(err).toBeInstanceOf(TooManyRequests);
    expect(err.retryAfterS).toBe(6);
    expect(err.message).toBe("429 Too Many Requests (slow down)");
    expect(thrown(() => takeAttempt(db, ["other"], LIMIT, "x", 5_000))).toBeNull();
    // The first attempt left the window at 11 s.
    expect(thrown(() => takeAttempt(db, ["k"], LIMIT, "x", 11_001))).toBeNull();
  });

  it("gives a refunded attempt back, counts nothing with limit 0, and forgets keys on clear", () => {
    const db = new Database(":memory:");
    for (let i = 0; i < 5; i++) takeAttempt(db, ["ok"], LIMIT, "x", 1_000 + i).refund();
    // Overlapping attempts (two logins at once) give their own attempt back, whatever came between.
    const first = takeAttempt(db, ["both"], LIMIT, "x", 2_000);
    const second = takeAttempt(db, ["both"], LIMIT, "x", 2_001);
    first.refund();
    second.refund();
    takeAttempt(db, ["both"], LIMIT, "x", 2_002);
    expect(thrown(() => takeAttempt(db, ["both"], LIMIT, "x", 2_003))).toBeNull();
    for (let i = 0; i < 5; i++) takeAttempt(db, ["free"], { limit: 0, windowMs: 1 }, "x", 1_000);
    takeAttempt(db, ["login:a"], LIMIT, "x", 1_000);
    takeAttempt(db, ["login:a"], LIMIT, "x", 1_000);
    expect(thrown(() => takeAttempt(db, ["login:a"], LIMIT, "x", 1_000))).toBeInstanceOf(TooManyRequests);
    expect(clearAttempts(db, "login:")).toBe(1);
    expect(thrown(() => takeAttempt(db, ["login:a"], LIMIT, "x", 1_000))).toBeNull();
  });
});
