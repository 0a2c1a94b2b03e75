/** @module Ordered schema migrations, tracked with SQLite's user_version. */
import type { Database } from "bun:sqlite";

/** Each entry moves the schema one version up; never edit a shipped entry, append a new one. */
export const MIGRATIONS: readonly string[] = [
  // 1: users, settings (global settings, user defaults, signing secret), and the tables later features fill.
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    scope TEXT NOT NULL DEFAULT '/',
    locale TEXT NOT NULL DEFAULT '',
    view_mode TEXT NOT NULL DEFAULT 'list',
    single_click INTEGER NOT NULL DEFAULT 0,
    show_hidden INTEGER NOT NULL DEFAULT 0,
    sorting TEXT NOT NULL DEFAULT '{"by":"name","asc":true}',
    perm TEXT NOT NULL,
    commands TEXT NOT NULL DEFAULT '[]',
    rules TEXT NOT NULL DEFAULT '[]',
    lock_password INTEGER NOT NULL DEFAULT 0,
    otp_enabled INTEGER NOT NULL DEFAULT 0,
    otp_key TEXT NOT NULL DEFAULT '',
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE shares (
    hash TEXT PRIMARY KEY,
    path TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expire INTEGER NOT NULL DEFAULT 0,
    password_hash TEXT NOT NULL DEFAULT '',
    token TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX shares_path ON shares(user_id, path);
  CREATE TABLE tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    target_path TEXT NOT NULL,
    params TEXT NOT NULL DEFAULT '{}',
    status INTEGER NOT NULL DEFAULT 0,
    message TEXT NOT NULL DEFAULT '',
    add_time INTEGER NOT NULL,
    start_time INTEGER NOT NULL DEFAULT 0,
    end_time INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE failed_logins (
    ip TEXT PRIMARY KEY,
    login_at INTEGER NOT NULL,
    failed_attempts INTEGER NOT NULL DEFAULT 0,
    banned_at INTEGER NOT NULL DEFAULT 0,
    last_username TEXT NOT NULL DEFAULT '',
    last_passwd TEXT NOT NULL DEFAULT ''
  );
  CREATE TABLE search_history (
    keyword TEXT PRIMARY KEY,
    hits INTEGER NOT NULL DEFAULT 0,
    last_at INTEGER NOT NULL
  );
  `,
  // 2: the start of the current failure window of an IP (login ban: N failures within the window).
  `
  ALTER TABLE failed_logins ADD COLUMN window_start INTEGER NOT NULL DEFAULT 0;
  `,
  // 3: login sessions; a token names its session, and ending the session (logout, password or permission
  // change, user deletion) refuses the token at once. `expires_at` follows the latest token of the session.
  `
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_user ON sessions(user_id);
  `,
  // 4: the colour theme each user picks in the profile (light, dark, or system: follow the device).
  `
  ALTER TABLE users ADD COLUMN theme TEXT NOT NULL DEFAULT 'system';
  `,
  // 5: share link options: upload-only folders ("file requests"), a download limit and the downloads counted.
  `
  ALTER TABLE shares ADD COLUMN upload_only INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE shares ADD COLUMN download_limit INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE shares ADD COLUMN downloads INTEGER NOT NULL DEFAULT 0;
  `,
  // 6: the task queue: a worker claims the oldest pending row atomically and records who runs it
  // (`claimed_by`, a node id) and when it last said it is alive (`heartbeat_at`), so several server nodes can
  // share one database and a node can tell its own or abandoned rows after a crash; `outputs` lists the partial
  // outputs of the current run (JSON array of absolute paths), removed when a crash interrupted it.
  `
  ALTER TABLE tasks ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
  ALTER TABLE tasks ADD COLUMN heartbeat_at INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE tasks ADD COLUMN outputs TEXT NOT NULL DEFAULT '[]';
  CREATE INDEX tasks_status ON tasks(status, id);
  CREATE INDEX tasks_user ON tasks(user_id, id);
  `,
  // 7: a share link's public download speed (bytes per second, 0 = unlimited); what a login session was last
  // used from (time, client IP, browser) so its owner and admins can tell sessions apart.
  `
  ALTER TABLE shares ADD COLUMN download_rate INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE sessions ADD COLUMN last_used_at INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
  ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
  `,
  // 8: incomplete resumable (tus) uploads, one row each (they were one JSON journal rewritten whole on every
  // creation, docs/security.md "Resumable uploads"); hot keywords per user (the list was shared by every user,
  // docs/security.md "Hot keywords"): the shared rows go to the superadmin, who could already see them.
  `
  CREATE TABLE tus_uploads (
    user_id INTEGER NOT NULL,
    abs TEXT NOT NULL,
    tmp TEXT NOT NULL,
    length INTEGER NOT NULL,
    override INTEGER NOT NULL DEFAULT 0,
    metadata TEXT NOT NULL DEFAULT '{}',
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, abs)
  );
  CREATE TABLE hot_keywords (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    keyword TEXT NOT NULL,
    hits INTEGER NOT NULL DEFAULT 0,
    last_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, keyword)
  );
  INSERT INTO hot_keywords (user_id, keyword, hits, last_at)
    SELECT 1, keyword, hits, last_at FROM search_history WHERE EXISTS (SELECT 1 FROM users WHERE id = 1);
  DROP TABLE search_history;
  `,
  // 9: a share's target becomes a path from the files root (it was a path in its owner's scope, so widening the
  // scope widened the link); a link's downloads are counted in units, a whole download being 1,000,000, so the
  // parts of a Range series count by their bytes (docs/security.md "Share links").
  `
  UPDATE shares SET path = (
    SELECT CASE WHEN u.scope IN ('', '.', '/') THEN shares.path
      ELSE rtrim(CASE WHEN substr(u.scope, 1, 1) = '/' THEN u.scope ELSE '/' || u.scope END, '/') || shares.path END
    FROM users u WHERE u.id = shares.user_id
  ) WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = shares.user_id);
  ALTER TABLE shares ADD COLUMN download_units INTEGER NOT NULL DEFAULT 0;
  UPDATE shares SET download_units = downloads * 1000000;
  `,
  // 10: failed logins keep nothing of a tried password (docs/security.md "Failed logins"); older rows held two letters.
  `UPDATE failed_logins SET last_passwd = '';`,
  // 11: the trash (docs/product.md "Trash"): one row per deleted item, written before the item moves
  // ('moving') and marked 'trashed' once it is there, so a restart can tell where each item is.
  `
  CREATE TABLE trash (
    id TEXT PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    path TEXT NOT NULL,
    trash_dir TEXT NOT NULL,
    is_dir INTEGER NOT NULL,
    size INTEGER NOT NULL DEFAULT -1,
    deleted_at INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'moving'
  );
  CREATE INDEX trash_user ON trash(user_id, deleted_at);
  CREATE INDEX trash_deleted_at ON trash(deleted_at);
  `,
  // 12: file versions (docs/product.md "Versions"): the earlier contents a write replaced, one row each, written once
  // the content is linked into the versions folder.
  `
  CREATE TABLE versions (
    id TEXT PRIMARY KEY,
    path TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    store_dir TEXT NOT NULL,
    size INTEGER NOT NULL,
    modified_at INTEGER NOT NULL,
    replaced_at INTEGER NOT NULL
  );
  CREATE INDEX versions_path ON versions(path, replaced_at);
  CREATE INDEX versions_replaced_at ON versions(replaced_at);
  `,
  // 13: the activity log (docs/product.md "Activity log"): append-only, one row per change, login or task.
  `
  CREATE TABLE activity (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    user_id INTEGER,
    username TEXT NOT NULL DEFAULT '',
    share TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT '',
    via TEXT NOT NULL,
    action TEXT NOT NULL,
    path TEXT NOT NULL DEFAULT '',
    path_to TEXT NOT NULL DEFAULT '',
    bytes INTEGER,
    result TEXT NOT NULL
  );
  CREATE INDEX activity_path ON activity(path);
  CREATE INDEX activity_user ON activity(user_id, id);
  CREATE INDEX activity_at ON activity(at);
  `,
];

/** Applies the migrations above the database's user_version, each in its own transaction. */
export function migrate(db: Database): void {
  const version = () => (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  for (let v = version(); v < MIGRATIONS.length; v++) {
    // IMMEDIATE takes the write lock first, then the version is read again: two processes (server nodes
    // sharing one database) that start together apply each migration once.
    db.transaction(() => {
      if (version() !== v) return;
      db.run(MIGRATIONS[v]);
      db.run(`PRAGMA user_version = ${v + 1}`);
    }).immediate();
  }
}
