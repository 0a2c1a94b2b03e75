/**
 * @module `npm start`: builds dist/fbe when stale, seeds ./data/files with the sample tree on first run,
 * then runs the binary on ./data with 127.0.0.1:8080 and prints the URL and the admin credentials.
 * FB_* variables and extra arguments (`npm start -- --port 9000`) are passed through and win.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { BINARY, buildIfStale } from "./build";

const ROOT = join(import.meta.dir, "..");
const DATA = join(ROOT, "data");
const FILES = join(DATA, "files");
const DB = join(DATA, "filebrowser.db");
const CREDENTIALS = join(DATA, ".admin-password");
const SAMPLE = join(import.meta.dir, "sample-files");

await buildIfStale();
mkdirSync(DATA, { recursive: true });
if (!existsSync(FILES)) {
  cpSync(SAMPLE, FILES, { recursive: true });
  console.log(`[fbe] seeded ${FILES} with the sample files`);
}

const firstRun = !existsSync(DB);
if (firstRun || !existsSync(CREDENTIALS)) {
  if (firstRun) {
    writeFileSync(CREDENTIALS, randomBytes(12).toString("base64url") + "\n");
    chmodSync(CREDENTIALS, 0o600);
  }
}
const password = existsSync(CREDENTIALS) ? readFileSync(CREDENTIALS, "utf8").trim() : "";
const env = process.env;
const defaults: Array<[string, string, string]> = [
  ["--address", "FB_ADDRESS", "127.0.0.1"],
  ["--port", "FB_PORT", "8080"],
  ["--root", "FB_ROOT", FILES],
  ["--database", "FB_DATABASE", DB],
];
const args = defaults.filter(([, envName]) => !env[envName]).flatMap(([flag, , value]) => [flag, value]);
if (firstRun && password) args.push("--username", env.FB_USERNAME || "admin", "--password", password);

const child = Bun.spawn([BINARY, ...args, ...process.argv.slice(2)], {
  stdout: "pipe",
  stderr: "inherit",
  stdin: "inherit",
});
process.on("SIGINT", () => child.kill("SIGINT"));
process.on("SIGTERM", () => child.kill("SIGTERM"));

const decoder = new TextDecoder();
let announced = false;
for await (const chunk of child.stdout) {
  const text = decoder.decode(chunk);
  process.stdout.write(text);
  const m = !announced && /listening on (http:\/\/\S+)/.exec(text);
  if (m) {
    announced = true;
    const user = env.FB_USERNAME || "admin";
    console.log(`\n  File Browser Enhanced is running: open ${m[1].replace(/\/$/, "")}/files/`);
    console.log(
      password
        ? `  log in as "${user}" with password "${password}" (kept in data/.admin-password)\n`
        : `  log in with the admin account of ./data/filebrowser.db\n`,
    );
  }
}
process.exit(await child.exited);
