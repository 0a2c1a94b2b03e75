/** @module `fbe users ...` and `fbe config ...` for scripts; they work on the database while the server is stopped. */
import { existsSync, realpathSync } from "node:fs";
import { loadConfig, UsageError } from "../config/load";
import { openDatabase } from "../db/open";
import { parseCliArgs } from "./parse-args";
import { runUsersCommand, userOptionKind } from "./users-command";
import { configOptionKind, runConfigCommand } from "./config-command";

/**
 * Runs a CLI command and returns the exit code. The database comes from `-d/--database` (or FB_DATABASE, or
 * `--config`) like the server's; scope folders of new users are created only when `-r/--root` is given.
 * @throws UsageError for unknown sub-commands or options; the API's HTTP errors for refused changes.
 */
export async function runCli(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<number> {
  if (command !== "users" && command !== "config") throw new UsageError(`unknown command: fbe ${command}`);
  const parsed = parseCliArgs(args, command === "users" ? userOptionKind : configOptionKind);
  const config = loadConfig(parsed.serverFlags, env, cwd);
  const rootGiven = parsed.serverFlags.includes("--root") || !!env.FB_ROOT;
  const rootReal = rootGiven && existsSync(config.root) ? realpathSync(config.root) : null;
  const db = openDatabase(config.database);
  try {
    const lines = command === "users" ? await runUsersCommand(db, rootReal, parsed) : runConfigCommand(db, parsed);
    for (const line of lines) console.log(line);
    return 0;
  } finally {
    db.close();
  }
}
