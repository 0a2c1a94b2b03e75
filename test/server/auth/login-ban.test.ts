import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import type { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/open";
import { assertNotBanned, isBanActive, recordFailedLogin } from "../../../src/server/auth/login-ban";
import { findFailedLogin } from "../../../src/server/db/failed-logins-table";

const BAN = { enabled: true, maxAttempts: 3, windowSeconds: 600, banSeconds: 1800 };
let dir: string;
let db: Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fbe-ban-"));
  db = openDatabase(join(dir, "t.db"));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const fail = (now: number, ip = "10.0.0.1") => recordFailedLogin(db, ip, "bob", BAN, now);

describe("the login ban", () => {
  it("bans after maxAttempts failures within the window and lifts after banSeconds", () => {
    expect(fail(1000)).toBe(false);
    expect(fail(1100)).toBe(false);
    expect(fail(1200)).toBe(true);
    expect(() => assertNotBanned(db, "10.0.0.1", BAN, 1201)).toThrow("429 Too Many Requests");
    expect(() => assertNotBanned(db, "10.0.0.2", BAN, 1201)).not.toThrow();
    expect(() => assertNotBanned(db, "10.0.0.1", BAN, 1200 + 1800)).not.toThrow();
  });

  it("starts a new count once the window is over", () => {
    fail(1000);
    fail(1100);
    expect(fail(1000 + 600)).toBe(false);
    expect(findFailedLogin(db, "10.0.0.1")).toMatchObject({ failedAttempts: 1, windowStart: 1600, bannedAt: 0 });
  });

  it("starts a new count after an expired ban", () => {
    fail(1000);
    fail(1001);
    fail(1002);
    expect(fail(1002 + 1800)).toBe(false);
    expect(findFailedLogin(db, "10.0.0.1")).toMatchObject({ failedAttempts: 1, bannedAt: 0 });
  });

  it("records the last name and nothing of the tried password", () => {
    fail(1000);
    expect(findFailedLogin(db, "10.0.0.1")).toMatchObject({ lastUsername: "bob", lastPasswd: "", loginAt: 1000 });
  });

  it("never bans when disabled", () => {
    const off = { ...BAN, enabled: false };
    for (let i = 0; i < 10; i++) recordFailedLogin(db, "10.0.0.3", "x", off, 1000 + i);
    expect(isBanActive(findFailedLogin(db, "10.0.0.3")!.bannedAt, off, 1011)).toBe(false);
  });
});
