/** @module Binary entry: `fbe [flags]` serves, `fbe version` prints build facts; users/config commands for scripts. */
import { loadConfig, UsageError } from "./config/load";
import { flagsHelp } from "./config/flags";
import { buildInfo } from "./build-info";
import { serve } from "./serve";
import { DEFAULT_APP_NAME } from "../shared/wire/settings";
import { umaskFromEnv } from "./config/umask";

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // Before anything is created: the store, uploads and tools' output stay private to this account.
  process.umask(umaskFromEnv(process.env));
  if (command === "version" || command === "--version") {
    const b = buildInfo();
    console.log(
      `${DEFAULT_APP_NAME} ${b.version}\ncommit: ${b.commit}\nbuilt: ${b.buildDate}\nos/arch: ${b.os}/${b.arch}\nruntime: ${b.runtime}`,
    );
    return 0;
  }
  if (command === "help" || command === "--help" || command === "-h") {
    console.log(flagsHelp());
    return 0;
  }
  if (command === "users" || command === "config") {
    const { runCli } = await import("./cli/run-cli");
    return runCli(command, rest, process.env, process.cwd());
  }
  const flags = command === "serve" ? rest : argv;
  await serve(loadConfig(flags, process.env, process.cwd()));
  return -1; // keep running
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    if (err instanceof UsageError) {
      console.error(`fbe: ${err.message}\n\n${flagsHelp()}`);
      process.exit(2);
    }
    console.error(`fbe: ${(err as Error)?.message ?? err}`);
    process.exit(1);
  },
);
