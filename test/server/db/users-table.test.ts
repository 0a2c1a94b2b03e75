import { describe, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { MIGRATIONS, migrate } from "../../../src/server/db/migrations";
import { findUserById, insertUser, updateUser } from "../../../src/server/db/users-table";
import { ALL_PERMISSIONS } from "../../../src/server/users/types";

const NEW_USER = {
  username: "ann",
  passwordHash: "x",
  scope: "/",
  locale: "",
  viewMode: "list",
  singleClick: false,
  showHidden: false,
  sorting: { by: "name", asc: true },
  perm: { ...ALL_PERMISSIONS },
  commands: [],
  rules: [],
  lockPassword: false,
  otpEnabled: false,
  otpKey: "",
  updatedAt: 1,
  theme: "dark",
} as const;

describe("the users table", () => {
  it("gives users stored before the theme column the system theme", () => {
    const db = new Database(":memory:", { strict: true });
    const themeMigration = MIGRATIONS.findIndex((sql) => sql.includes("ADD COLUMN theme"));
    expect(themeMigration).toBeGreaterThan(0);
    for (const sql of MIGRATIONS.slice(0, themeMigration)) db.run(sql);
    db.run(`PRAGMA user_version = ${themeMigration}`);
    db.run(`INSERT INTO users (username, password_hash, perm, updated_at) VALUES ('old', 'x', '{}', 0)`);
    migrate(db);
    expect(findUserById(db, 1)?.theme).toBe("system");
  });

  it("stores and reads back the theme of a user", () => {
    const db = new Database(":memory:", { strict: true });
    migrate(db);
    const user = insertUser(db, { ...NEW_USER, sorting: { ...NEW_USER.sorting }, commands: [], rules: [] });
    expect(findUserById(db, user.id)?.theme).toBe("dark");
    updateUser(db, { ...user, theme: "light" });
    expect(findUserById(db, user.id)?.theme).toBe("light");
  });
});
