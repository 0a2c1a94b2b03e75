/**
 * @module Merges defaults < config file < FB_ environment < command-line flags into one frozen Config, with the
 * FBE_ rows read from the environment alone.
 */
import { dirname, join, resolve } from "node:path";
import { readFileSync } from "node:fs";
import { FLAGS, envName, isCliFlag, type CliFlagSpec, type Config } from "./flags";
import { BadRequest } from "../errors";
import { parseAllowedHosts } from "../http/allowed-hosts";

/** Thrown for unusable command-line input; main prints the message and exits 2. */
export class UsageError extends Error {}

function coerce(flag: CliFlagSpec, raw: unknown, source: string): string | number | boolean {
  if (flag.kind === "boolean") {
    if (typeof raw === "boolean") return raw;
    const s = String(raw).toLowerCase();
    if (["1", "true", "yes", "on", ""].includes(s)) return true;
    if (["0", "false", "no", "off"].includes(s)) return false;
    throw new UsageError(`${source}: --${flag.long} expects true or false, got ${JSON.stringify(raw)}`);
  }
  if (flag.kind === "number") {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      throw new UsageError(`${source}: --${flag.long} expects a port number, got ${JSON.stringify(raw)}`);
    return n;
  }
  return String(raw);
}

/**
 * Parses argv flags (`--port 80`, `--port=80`, `-p 80`, `--noauth`) into values keyed by Config field,
 * plus the `--config` file path. Unknown flags throw UsageError.
 */
export function parseFlags(argv: string[]): { values: Partial<Config>; configFile?: string } {
  const values: Partial<Config> = {};
  let configFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^(--?)([^=]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new UsageError(`unexpected argument: ${arg}`);
    const [, dashes, name, inline] = m;
    if (dashes === "--" && name === "config") {
      configFile = inline ?? argv[++i];
      if (!configFile) throw new UsageError("--config needs a file");
      continue;
    }
    const flag = FLAGS.filter(isCliFlag).find((f) => (dashes === "--" ? f.long === name : f.short === name));
    if (!flag) throw new UsageError(`unknown flag: ${arg}`);
    let raw: string | undefined = inline;
    if (raw === undefined && flag.kind !== "boolean") {
      raw = argv[++i];
      if (raw === undefined) throw new UsageError(`--${flag.long} needs a value`);
    }
    (values as Record<string, unknown>)[flag.key] = coerce(flag, raw ?? true, "flag");
  }
  return { values, configFile };
}

function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`cannot read config file ${file}`);
  }
  try {
    const data = /\.ya?ml$/i.test(file) ? Bun.YAML.parse(text) : JSON.parse(text);
    if (!data || typeof data !== "object") throw new BadRequest("not an object");
    return data as Record<string, unknown>;
  } catch {
    throw new UsageError(`config file ${file} is not valid ${/\.ya?ml$/i.test(file) ? "YAML" : "JSON"} object`);
  }
}

/** Normalizes a base URL to "" or "/path" without a trailing slash. */
export function normalizeBaseUrl(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, "");
  if (!trimmed) return "";
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/**
 * Builds the frozen Config: defaults < file (`--config`) < env (`FB_*`) < flags; an FBE_ row takes its variable's
 * value when set, not empty and accepted by the row's parser, else its default.
 * Relative paths are resolved against `cwd`; the cache dir defaults to `<database dir>/.cache`.
 * @throws UsageError for unknown flags, bad values (an `--allowed-hosts` entry that is not a host name) or an
 * unreadable config file; Error naming FBE_UMASK for a mask that is not octal.
 */
export function loadConfig(argv: string[], env: Record<string, string | undefined>, cwd: string): Readonly<Config> {
  const { values: fromFlags, configFile } = parseFlags(argv);
  const file = configFile ?? env.FB_CONFIG;
  const fromFile: Record<string, unknown> = file ? readConfigFile(resolve(cwd, file)) : {};
  const merged: Record<string, unknown> = {};
  for (const flag of FLAGS) {
    let value: unknown = flag.default;
    if (!isCliFlag(flag)) {
      const raw = env[flag.env];
      merged[flag.key] = (raw === undefined || raw === "" ? undefined : flag.parse(raw)) ?? flag.default;
      continue;
    }
    const fileValue = fromFile[flag.long] ?? fromFile[flag.key];
    if (fileValue !== undefined) value = coerce(flag, fileValue, "config file");
    const envValue = env[envName(flag)];
    if (envValue !== undefined && envValue !== "") value = coerce(flag, envValue, envName(flag));
    if (fromFlags[flag.key] !== undefined) value = fromFlags[flag.key];
    merged[flag.key] = value;
  }
  const config = merged as unknown as Config;
  config.root = resolve(cwd, config.root);
  config.database = resolve(cwd, config.database);
  config.cacheDir = config.cacheDir ? resolve(cwd, config.cacheDir) : join(dirname(config.database), ".cache");
  config.baseurl = normalizeBaseUrl(config.baseurl);
  try {
    parseAllowedHosts(config.allowedHosts);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  return Object.freeze(config);
}
