import { describe, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { migrate } from "../../../src/server/db/migrations";
import { insertUser, updateUser } from "../../../src/server/db/users-table";
import { endSession, startSession } from "../../../src/server/auth/sessions";
import { liveExecutor, watchSessions } from "../../../src/server/auth/session-watch";
import { ALL_PERMISSIONS } from "../../../src/server/users/types";

/** A store with one user holding every permission but admin, and one live session of theirs. */
function world() {
  const db = new Database(":memory:", { strict: true });
  migrate(db);
  const user = insertUser(db, {
    username: "ann",
    passwordHash: "x",
    scope: "/",
    locale: "",
    viewMode: "list",
    singleClick: false,
    showHidden: false,
    sorting: { by: "name", asc: true },
    perm: { ...ALL_PERMISSIONS, admin: false },
    commands: [],
    rules: [],
    lockPassword: false,
    otpEnabled: false,
    otpKey: "",
    updatedAt: 1,
    theme: "dark",
  });
  const now = Math.floor(Date.now() / 1000);
  const sid = startSession(db, user.id, now + 3600, now);
  return { db, user, sid, now };
}

describe("who is behind a connection", () => {
  it("is the user while the session is live and they have execute, null after logout", () => {
    const { db, user, sid } = world();
    expect(liveExecutor(db, false, user.id, sid)?.username).toBe("ann");
    expect(liveExecutor(db, false, user.id, "other-session")).toBeNull();
    expect(liveExecutor(db, false, user.id, undefined)).toBeNull();
    endSession(db, sid);
    expect(liveExecutor(db, false, user.id, sid)).toBeNull();
  });

  it("is null once execute is taken away or the session expired", () => {
    const { db, user, sid, now } = world();
    updateUser(db, { ...user, perm: { ...user.perm, execute: false } });
    expect(liveExecutor(db, false, user.id, sid)).toBeNull();
    updateUser(db, user);
    const expired = startSession(db, user.id, now - 10, now - 20);
    expect(liveExecutor(db, false, user.id, expired)).toBeNull();
  });

  it("is the user without a session in no-auth mode", () => {
    const { db, user } = world();
    expect(liveExecutor(db, true, user.id, undefined)?.id).toBe(user.id);
  });
});

describe("watching the sessions of open connections", () => {
  it("checks once right after the writes of one turn, and no more once stopped", async () => {
    const { db, sid, user } = world();
    let checks = 0;
    const stop = watchSessions(db, () => checks++, { intervalMs: 60_000 });
    endSession(db, sid);
    updateUser(db, user);
    expect(checks).toBe(0);
    await Bun.sleep(0);
    expect(checks).toBe(1);
    stop();
    endSession(db, sid);
    await Bun.sleep(0);
    expect(checks).toBe(1);
  });

  it("also checks on its interval, for expiry and changes by other processes", async () => {
    const { db } = world();
    let checks = 0;
    const stop = watchSessions(db, () => checks++, { intervalMs: 20 });
    await Bun.sleep(110);
    stop();
    expect(checks).toBeGreaterThanOrEqual(3);
  });

  it("logs a failing check and keeps the other watchers going", async () => {
    const { db, sid } = world();
    const errors: string[] = [];
    let checks = 0;
    const stopBad = watchSessions(
      db,
      () => {
        throw new Error("boom");
      },
      { intervalMs: 60_000, log: { error: (m) => errors.push(m) } },
    );
    const stopGood = watchSessions(db, () => checks++, { intervalMs: 60_000 });
    endSession(db, sid);
    await Bun.sleep(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("boom");
    expect(checks).toBe(1);
    stopBad();
    stopGood();
  });
});
