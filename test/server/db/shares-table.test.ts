import { describe, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { MIGRATIONS, migrate } from "../../../src/server/db/migrations";
import { DOWNLOAD_UNITS, findShare, takeDownloadUnits } from "../../../src/server/db/shares-table";

/** A store at the version before the share-target migration, with users of these scopes and a link each. */
function storeBeforeShareTargets(
  links: Array<{ scope: string; path: string; downloads?: number; limit?: number }>,
): Database {
  const db = new Database(":memory:", { strict: true });
  const at = MIGRATIONS.findIndex((sql) => sql.includes("ADD COLUMN download_units"));
  expect(at).toBeGreaterThan(0);
  for (const sql of MIGRATIONS.slice(0, at)) db.run(sql);
  db.run(`PRAGMA user_version = ${at}`);
  links.forEach((l, i) => {
    db.query("INSERT INTO users (username, password_hash, scope, perm, updated_at) VALUES (?, 'x', ?, '{}', 0)").run(
      `u${i}`,
      l.scope,
    );
    db.query("INSERT INTO shares (hash, path, user_id, downloads, download_limit) VALUES (?, ?, ?, ?, ?)").run(
      `h${i}`,
      l.path,
      i + 1,
      l.downloads ?? 0,
      l.limit ?? 0,
    );
  });
  return db;
}

describe("the shares table", () => {
  it("moves links stored before the share-target migration to paths from the files root", () => {
    const db = storeBeforeShareTargets([
      { scope: "/public", path: "/" },
      { scope: "/public", path: "/a.txt" },
      { scope: "/", path: "/docs/" },
      { scope: "/users/ann/", path: "/x/y.txt", downloads: 2, limit: 5 },
    ]);
    migrate(db);
    expect(findShare(db, "h0")?.path).toBe("/public/");
    expect(findShare(db, "h1")?.path).toBe("/public/a.txt");
    expect(findShare(db, "h2")?.path).toBe("/docs/");
    expect(findShare(db, "h3")).toMatchObject({ path: "/users/ann/x/y.txt", downloads: 2 });
    // Its two counted downloads stay counted: three more fit under the limit of five, not four.
    expect(takeDownloadUnits(db, "h3", 3 * DOWNLOAD_UNITS)).toBe(true);
    expect(takeDownloadUnits(db, "h3", DOWNLOAD_UNITS)).toBe(false);
    expect(findShare(db, "h3")?.downloads).toBe(5);
  });

  it("takes download units only while the limit allows them, counting whole downloads", () => {
    const db = storeBeforeShareTargets([
      { scope: "/", path: "/f.txt", limit: 1 },
      { scope: "/", path: "/g.txt" },
    ]);
    migrate(db);
    expect(takeDownloadUnits(db, "h0", DOWNLOAD_UNITS / 2)).toBe(true);
    expect(findShare(db, "h0")?.downloads).toBe(0);
    expect(takeDownloadUnits(db, "h0", DOWNLOAD_UNITS)).toBe(false);
    expect(takeDownloadUnits(db, "h0", DOWNLOAD_UNITS / 2)).toBe(true);
    expect(findShare(db, "h0")?.downloads).toBe(1);
    expect(takeDownloadUnits(db, "h0", DOWNLOAD_UNITS / 100)).toBe(false);
    // No limit: everything is counted, nothing refused.
    for (let i = 0; i < 3; i++) expect(takeDownloadUnits(db, "h1", DOWNLOAD_UNITS)).toBe(true);
    expect(findShare(db, "h1")?.downloads).toBe(3);
  });
});
