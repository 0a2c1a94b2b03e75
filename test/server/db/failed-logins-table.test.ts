import { describe, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { MIGRATIONS, migrate } from "../../../src/server/db/migrations";

describe("the failed logins table", () => {
  it("loses the password fragments rows stored before the migration that keeps nothing of a tried password", () => {
    const db = new Database(":memory:", { strict: true });
    const at = MIGRATIONS.findIndex((sql) => sql.includes("SET last_passwd = ''"));
    expect(at).toBeGreaterThan(0);
    for (const sql of MIGRATIONS.slice(0, at)) db.run(sql);
    db.run(`PRAGMA user_version = ${at}`);
    // Earlier versions kept the first and last letter of the tried password, masked in between.
    db.query(
      "INSERT INTO failed_logins (ip, login_at, failed_attempts, last_username, last_passwd) VALUES (?, ?, ?, ?, ?)",
    ).run("203.0.113.7", 1_700_000_000, 3, "admin", "w***g");
    migrate(db);
    expect(db.query("SELECT ip, failed_attempts, last_username, last_passwd FROM failed_logins").all()).toEqual([
      { ip: "203.0.113.7", failed_attempts: 3, last_username: "admin", last_passwd: "" },
    ]);
  });
});
