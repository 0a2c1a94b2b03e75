/** The activity log's writer: batches off the request path, and a clean shutdown writes every queued entry. */
import { describe, expect, it } from "bun:test";
import { openDatabase } from "../../../src/server/db/open";
import { ActivityLog } from "../../../src/server/activity/activity-log";
import { queryActivity } from "../../../src/server/db/activity-table";

const entry = (i: number) => ({
  userId: null,
  via: "api" as const,
  action: "upload",
  path: `/f${i}.txt`,
  result: "ok",
});

function fresh() {
  const db = openDatabase(":memory:");
  const log = new ActivityLog({ db, clock: { now: () => 1_000 }, retentionDays: () => 90, log: () => {} });
  return { db, log };
}

describe("the activity log's writer", () => {
  it("holds entries in memory until its batch is written, then writes them in order", async () => {
    const { db, log } = fresh();
    for (let i = 0; i < 3; i++) log.record(entry(i));
    expect(queryActivity(db, {}, 10)).toHaveLength(0);
    // The batch timer writes them within 200 ms.
    for (let i = 0; i < 100 && queryActivity(db, {}, 10).length === 0; i++) await Bun.sleep(10);
    expect(queryActivity(db, {}, 10).map((r) => r.path)).toEqual(["/f2.txt", "/f1.txt", "/f0.txt"]);
    db.close();
  });

  it("writes every queued entry on close, and later ones at once", () => {
    const { db, log } = fresh();
    for (let i = 0; i < 1234; i++) log.record(entry(i));
    log.close();
    expect(queryActivity(db, {}, 5000)).toHaveLength(1234);
    log.record(entry(9999));
    expect(queryActivity(db, {}, 5000)).toHaveLength(1235);
    expect(log.written).toBe(1235);
    db.close();
  });
});
