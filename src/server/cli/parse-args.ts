/** @module Splits CLI arguments of `fbe users|config ...` into positionals, command options and server flags. */
import { UsageError } from "../config/load";

/** Kind of a command option: a boolean flag (`--x`, `--x=false`) or one taking a value (`--x v`, `--x=v`). */
export type OptionKind = "boolean" | "string";

/** The parts of a command line. */
export interface CliArgs {
  positionals: string[];
  /** Command options by name, in the order given. */
  options: Map<string, string | boolean>;
  /** `-d/--database`, `-r/--root` and `--config` with their values, for loadConfig. */
  serverFlags: string[];
  json: boolean;
}

/**
 * The server flags the CLI commands understand (docs/interfaces.md "Server flags": the same `-d, --database` as the
 * server).
 */
const SERVER_FLAGS: Record<string, string> = {
  d: "database",
  database: "database",
  r: "root",
  root: "root",
  config: "config",
};

/**
 * Parses `argv`. `kindOf(name)` names the command's options; a server flag or `--json` is recognized anywhere.
 * @throws UsageError for an unknown option, a missing value or a non-boolean value of a boolean flag.
 */
export function parseCliArgs(argv: readonly string[], kindOf: (name: string) => OptionKind | undefined): CliArgs {
  const out: CliArgs = { positionals: [], options: new Map(), serverFlags: [], json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^(--?)([^=]+)(?:=(.*))?$/s.exec(arg);
    if (!m || arg === "-" || arg === "--") {
      out.positionals.push(arg);
      continue;
    }
    const [, dashes, name, inline] = m;
    if (dashes === "--" && name === "json") {
      out.json = inline === undefined || inline === "true";
      continue;
    }
    const server = SERVER_FLAGS[name];
    if (server && (dashes === "--") === name.length > 1) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${server} needs a value`);
      out.serverFlags.push(`--${server}`, value);
      continue;
    }
    const kind = dashes === "--" ? kindOf(name) : undefined;
    if (!kind) throw new UsageError(`unknown option: ${arg}`);
    if (kind === "boolean") {
      if (inline !== undefined && inline !== "true" && inline !== "false")
        throw new UsageError(`--${name} expects true or false`);
      out.options.set(name, inline !== "false");
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    out.options.set(name, value);
  }
  return out;
}
