/** @module `fbe users ...` and `fbe config ...` for scripts; they work on the database while the server is stopped. */
import { loadConfig, UsageError } from "../config/load";
import { openDatabase } from "../db/open";
import { listUsers } from "../db/users-table";
import { getSettings } from "../settings/settings-service";

/**
 * Runs a CLI command and returns the exit code. `users ls` and `config cat` print the store's content
 * (JSON with `--json`). The write commands (users add/update/rm, config set) come with user management.
 * @throws UsageError for an unknown sub-command.
 */
export function runCli(command: string, args: string[], env: Record<string, string | undefined>, cwd: string): number {
  const [sub, ...rest] = args;
  const json = rest.includes("--json");
  const flags = rest.filter((a) => a !== "--json");
  const config = loadConfig(flags, env, cwd);
  const db = openDatabase(config.database);
  try {
    if (command === "users" && sub === "ls") {
      const users = listUsers(db).map((u) => ({ id: u.id, username: u.username, scope: u.scope, admin: u.perm.admin, locale: u.locale }));
      if (json) console.log(JSON.stringify(users, null, 2));
      else for (const u of users) console.log(`${u.id}\t${u.username}\t${u.scope}\t${u.admin ? "admin" : ""}`);
      return 0;
    }
    if (command === "config" && sub === "cat") {
      const { defaults, ...global } = getSettings(db);
      console.log(JSON.stringify(json ? { ...global, defaults } : { ...global, defaults }, null, 2));
      return 0;
    }
    throw new UsageError(`unknown command: fbe ${command} ${sub ?? ""}`.trim());
  } finally {
    db.close();
  }
}
