import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const SRC = join(import.meta.dir, "..", "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

describe("layering: routes over core over db and tools; only tools run processes", () => {
  it("keeps hono out of core modules: only routes, app, app-env, errors and auth middleware import it", () => {
    const allowed = /^server\/(routes\/|app\.ts$|app-env\.ts$|errors\.ts$|auth\/middleware\.ts$)/;
    // hono/jwt is a plain JWT library (no HTTP types); a test below keeps it inside auth/jwt.ts.
    const httpImport = /from ["']hono(?!\/jwt["'])/;
    const offenders = [...files(join(SRC, "server")), ...files(join(SRC, "tasks"))]
      .map((f) => relative(SRC, f))
      .filter((f) => !allowed.test(f) && httpImport.test(readFileSync(join(SRC, f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("keeps the low layers off the search feature: fs, listing, db, tools and tasks never import search/", () => {
    // Every write reports to the change feed in fs/changes.ts; search subscribes to it, not the other way round.
    const low = /^(server\/(fs|listing|db|tools)\/|tasks\/)/;
    const searchImport = /from ["'](\.\.\/)+(server\/)?search\//;
    const offenders = [...files(join(SRC, "server")), ...files(join(SRC, "tasks"))]
      .map((f) => relative(SRC, f))
      .filter((f) => low.test(f) && searchImport.test(readFileSync(join(SRC, f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("signs and verifies tokens only in auth/jwt.ts: no other module imports hono/jwt", () => {
    const offenders = [...files(join(SRC, "server")), ...files(join(SRC, "tasks"))]
      .map((f) => relative(SRC, f))
      .filter((f) => f !== "server/auth/jwt.ts" && /from ["']hono\/jwt["']/.test(readFileSync(join(SRC, f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("keeps SQL text in src/server/db and the search index's own store", () => {
    // The main database's queries live in db/ modules; the file index has its own SQLite file, whose tables and
    // queries stay with it in search/ (index-store, index-query, index-service and the snapshot-* modules).
    const allowed =
      /^server\/(db\/|search\/(index-store|index-query|index-service|snapshot-build|snapshot-reader|snapshot-tables)\.ts$)/;
    const statements = [
      "SELECT\\s+[a-zA-Z_*(]",
      "INSERT\\s+(OR\\s+\\w+\\s+)?INTO",
      "UPDATE\\s+\\w+\\s+SET",
      "DELETE\\s+FROM",
      "CREATE\\s+(TEMP\\s+|UNIQUE\\s+|VIRTUAL\\s+)?(TABLE|INDEX|VIEW|TRIGGER)",
      "DROP\\s+(TABLE|INDEX|VIEW|TRIGGER)",
      "ALTER\\s+TABLE",
      "PRAGMA\\s+\\w",
    ];
    const sql = new RegExp(`\\b(${statements.join("|")})`);
    const offenders = files(SRC)
      .map((f) => relative(SRC, f))
      .filter((f) => !allowed.test(f) && sql.test(readFileSync(join(SRC, f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("spawns processes only from src/server/tools", () => {
    const offenders = files(join(SRC, "server"))
      .map((f) => relative(SRC, f))
      .filter(
        (f) => !f.startsWith("server/tools/") && /Bun\.spawn|child_process/.test(readFileSync(join(SRC, f), "utf8")),
      );
    expect(offenders).toEqual([]);
  });

  it("parses request bodies as JSON only through the capped reader of routes/request/json-body.ts", () => {
    // Hono's and the Fetch API's whole-body parsers read any length (docs/security.md "Request bodies").
    const uncapped =
      /\breq\.(json|parseBody|formData|arrayBuffer|blob)\(|\breq\.raw\.(json|text|formData|arrayBuffer|blob)\(/;
    const offenders = files(join(SRC, "server"))
      .map((f) => relative(SRC, f))
      .filter((f) => uncapped.test(readFileSync(join(SRC, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
