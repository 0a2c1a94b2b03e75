import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/server/db/open";
import { insertShare, findShare } from "../../src/server/db/shares-table";
import { insertSession, sessionsOfUser } from "../../src/server/db/sessions-table";
import { insertUser } from "../../src/server/db/users-table";
import { getUserDefaults } from "../../src/server/settings/settings-service";
import { purgeExpired } from "../../src/server/maintenance";
import { SESSION_PURGE_GRACE_S } from "../../src/server/constants";

describe("purgeExpired", () => {
  it("removes expired links and long-ended sessions, and keeps permanent and live ones", () => {
    const home = mkdtempSync(join(tmpdir(), "fbe-maint-"));
    const db = openDatabase(join(home, "fbe.db"));
    try {
      const now = 1_800_000_000;
      const user = insertUser(db, {
        ...getUserDefaults(db),
        username: "u",
        passwordHash: "x",
        otpEnabled: false,
        otpKey: "",
        updatedAt: now,
        lockPassword: false,
      });
      const link = (hash: string, expire: number) =>
        insertShare(db, {
          hash,
          path: "/a",
          userId: user.id,
          expire,
          passwordHash: "",
          uploadOnly: false,
          downloadLimit: 0,
          downloads: 0,
          downloadRate: 0,
        });
      link("permanent", 0);
      link("live", now + 60);
      link("expired", now - 1);
      insertSession(db, { id: "fresh", userId: user.id, createdAt: now, expiresAt: now - 60 });
      insertSession(db, { id: "old", userId: user.id, createdAt: now, expiresAt: now - SESSION_PURGE_GRACE_S - 60 });
      expect(purgeExpired(db, now)).toEqual({ shares: 1, sessions: 1 });
      expect(findShare(db, "permanent")).not.toBeNull();
      expect(findShare(db, "live")).not.toBeNull();
      expect(findShare(db, "expired")).toBeNull();
      expect([...sessionsOfUser(db, user.id).keys()]).toEqual(["fresh"]);
    } finally {
      db.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
