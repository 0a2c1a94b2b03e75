import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/open";
import { allTasks, getTask, insertTask, tasksOfUser } from "../../../src/server/db/tasks-table";

const BUN = join(import.meta.dir, "..", "..", "..", "node_modules", ".bin", "bun");
const CLAIMER = join(import.meta.dir, "..", "..", "support", "claim-tasks.ts");

describe("tasks table", () => {
  it("lists a user's tasks and every task with its owner's name, by TaskID", () => {
    const db = openDatabase(":memory:");
    db.run(
      "INSERT INTO users (id, username, password_hash, perm, updated_at) VALUES (1, 'ann', 'x', '{}', 0), (2, 'bob', 'x', '{}', 0)",
    );
    const a = insertTask(db, { userId: 2, kind: "mktorrent", targetPath: "/a", params: { x: 1 }, addTime: 5 });
    const b = insertTask(db, { userId: 1, kind: "unarchive", targetPath: "/b.zip", params: {}, addTime: 6 });
    expect(tasksOfUser(db, 1).map((t) => t.id)).toEqual([b.id]);
    expect(allTasks(db).map((t) => [t.id, t.username])).toEqual([
      [a.id, "bob"],
      [b.id, "ann"],
    ]);
    expect(getTask(db, a.id)).toMatchObject({
      userId: 2,
      kind: "mktorrent",
      targetPath: "/a",
      params: { x: 1 },
      status: 0,
      addTime: 5,
    });
  });

  it("gives each pending task to exactly one of several processes claiming from one database at once", async () => {
    const home = mkdtempSync(join(tmpdir(), "fbe-claims-"));
    try {
      const file = join(home, "q.db");
      const db = openDatabase(file);
      db.run("INSERT INTO users (id, username, password_hash, perm, updated_at) VALUES (1, 'ann', 'x', '{}', 0)");
      const ids = Array.from(
        { length: 300 },
        (_, i) => insertTask(db, { userId: 1, kind: "mktorrent", targetPath: `/${i}`, params: {}, addTime: 1 }).id,
      );
      db.close();
      const nodes = ["n1", "n2", "n3"].map((n) =>
        Bun.spawn([BUN, CLAIMER, file, n], { stdout: "pipe", stderr: "inherit" }),
      );
      const claimed = (await Promise.all(nodes.map((p) => new Response(p.stdout).json()))) as number[][];
      const all = claimed.flat().sort((x, y) => x - y);
      expect(all).toEqual(ids);
      const check = openDatabase(file);
      const owners = check
        .query("SELECT claimed_by, COUNT(*) AS n FROM tasks WHERE status = 1 GROUP BY claimed_by")
        .all() as { claimed_by: string; n: number }[];
      expect(owners.reduce((s, o) => s + o.n, 0)).toBe(300);
      for (const [i, list] of claimed.entries())
        expect(owners.find((o) => o.claimed_by === `n${i + 1}`)?.n ?? 0).toBe(list.length);
      check.close();
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
