/** @module The one table of server flags (CONTRACT "The binary"): names, env variables, defaults, parsers and help. */

/** Resolved server configuration, frozen after boot and passed down; nothing reads process.env afterwards. */
export interface Config {
  address: string;
  port: number;
  root: string;
  database: string;
  baseurl: string;
  cacheDir: string;
  username: string;
  password: string;
  noauth: boolean;
  signup: boolean;
  /** Comma-separated host names answered (others 421); "" = loopback names on a loopback address, else any. */
  allowedHosts: string;
  log: string;
}

/** One flag of the table. `key` is the Config field; `long` the `--long` name, also the config-file key. */
export interface FlagSpec {
  key: keyof Config;
  long: string;
  short?: string;
  kind: "string" | "number" | "boolean";
  default: string | number | boolean;
  help: string;
}

/** Environment variable of a flag: `FB_` + upper-case long name with `-` as `_` (CONTRACT: `FB_PORT`). */
export function envName(flag: FlagSpec): string {
  return `FB_${flag.long.toUpperCase().replace(/-/g, "_")}`;
}

export const FLAGS: readonly FlagSpec[] = [
  { key: "address", long: "address", short: "a", kind: "string", default: "127.0.0.1", help: "listen address" },
  { key: "port", long: "port", short: "p", kind: "number", default: 8080, help: "listen port; 0 picks a free port" },
  { key: "root", long: "root", short: "r", kind: "string", default: ".", help: "the files root; every user scope lives inside it" },
  { key: "database", long: "database", short: "d", kind: "string", default: "./filebrowser.db", help: "SQLite file (created on first run)" },
  { key: "baseurl", long: "baseurl", short: "b", kind: "string", default: "", help: "base path, e.g. /files-app" },
  { key: "cacheDir", long: "cache-dir", short: "c", kind: "string", default: "", help: "thumbnails, HLS segments, extracted subtitles (default <database dir>/.cache)" },
  { key: "username", long: "username", kind: "string", default: "admin", help: "name of the admin created on first run only" },
  { key: "password", long: "password", kind: "string", default: "", help: "password of that first admin; random and printed once when not given" },
  { key: "noauth", long: "noauth", kind: "boolean", default: false, help: "no-authentication mode: every request acts as user id 1" },
  { key: "signup", long: "signup", kind: "boolean", default: false, help: "allow open signup (also a global setting)" },
  { key: "allowedHosts", long: "allowed-hosts", kind: "string", default: "", help: "host names answered, comma-separated; others get 421 (default: the loopback names on a loopback address, else any; * = any)" },
  { key: "log", long: "log", kind: "string", default: "stdout", help: "stdout, stderr, off or a file path" },
];

/** Renders the `--help` text from the table. */
export function flagsHelp(): string {
  const lines = FLAGS.map((f) => {
    const names = `${f.short ? `-${f.short}, ` : "    "}--${f.long}`;
    const def = f.default === "" ? "" : ` (default ${JSON.stringify(f.default)})`;
    return `  ${names.padEnd(22)} ${f.help}${def}; env ${envName(f)}`;
  });
  return [
    "usage: fbe [flags]                    run the server",
    "       fbe version                    print version, commit, build date, OS/arch",
    "       fbe users ls|add|update|rm ... manage users",
    "       fbe config cat|set ...         read or change global settings",
    "",
    "flags:",
    ...lines,
    "  --config FILE          read a JSON or YAML file with the same keys",
  ].join("\n");
}
