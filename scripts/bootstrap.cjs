/**
 * @module Entry of every npm script on a machine that may have only Node.js and npm:
 * installs what is missing (npm dependencies including Bun, the optional system tools),
 * then hands over to `bun scripts/<command>.ts`.
 *
 * Usage: node scripts/bootstrap.cjs <start|test|stress|build|bench> [args...]
 * It first checks the Node.js version against package.json `engines.node`, so a too old Node.js stops with
 * what to install instead of failing later inside npm or a dependency. It avoids newer syntax (no ?. or ??)
 * so that the message shows on old Node.js too.
 */
"use strict";
const { execFileSync, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.join(__dirname, "..");
const BUN = path.join(ROOT, "node_modules", ".bin", "bun");

/** Tools each command wants on PATH: [command names tried in order, Debian package]. */
const TOOLS = {
  common: [
    [["ffmpeg"], "ffmpeg"],
    [["ffprobe"], "ffmpeg"],
    [["7zz", "7z", "7za"], "7zip"],
    [["mktorrent"], "mktorrent"],
    [["mediainfo"], "mediainfo"],
    [["jpegtran"], "libjpeg-turbo-progs"],
    // Contact sheet headers find their font through fontconfig (its config package brings DejaVu).
    [["fc-match"], "fontconfig"],
  ],
  // The stress runs unpack archives (7-Zip, in common) and mount small tmpfs roots (mount, in util-linux).
  stress: [[["mount"], "mount"]],
  test: [
    [["chromium"], "chromium"],
    // The browser tests run in the headless-only build where a test needs no PDF viewer (playwright.config.ts).
    [["chromium-headless-shell"], "chromium-headless-shell"],
    [["unzip"], "unzip"],
    [["zip"], "zip"],
    [["xz"], "xz-utils"],
    [["bzip2"], "bzip2"],
    [["lz4"], "lz4"],
  ],
  bench: [
    [["nginx"], "nginx"],
    [["zip"], "zip"],
    [["wrk"], "wrk"],
    // References of the search and thumbnail benches.
    [["caddy"], "caddy"],
    [["plocate"], "plocate"],
    [["vipsthumbnail"], "libvips-tools"],
  ],
};

/**
 * The problem with running on Node.js `version` when package.json asks for `range` (">=X.Y.Z", the only form
 * we declare), naming what to install; null when the version is recent enough.
 * @throws Error when `range` is not of the form ">=X.Y.Z".
 */
function nodeVersionProblem(version, range) {
  const m = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(String(range).trim());
  if (!m) throw new Error(`package.json engines.node must read ">=X.Y.Z", found ${range}`);
  const want = [Number(m[1]), Number(m[2]), Number(m[3])];
  const have = String(version).replace(/^v/, "").split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] || 0) > want[i]) return null;
    if ((have[i] || 0) < want[i]) {
      const min = want.join(".");
      return [
        `Node.js ${min} or newer is needed; this is Node.js ${version}.`,
        `Install Node.js ${want[0]} (${min} or later) with npm: on Debian 13 or later \`apt-get install nodejs npm\`,`,
        `elsewhere from https://nodejs.org/en/download or with nvm (\`nvm install ${want[0]}\`), then run the command again.`,
      ].join("\n");
    }
  }
  return null;
}

/** Stops the process with nodeVersionProblem()'s message when this Node.js is too old. */
function ensureNodeVersion() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const problem = nodeVersionProblem(process.versions.node, pkg.engines && pkg.engines.node);
  if (!problem) return;
  console.error(
    problem
      .split("\n")
      .map((line) => `[fbe] ${line}`)
      .join("\n"),
  );
  process.exit(1);
}

function onPath(name) {
  return (process.env.PATH || "").split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Installs npm dependencies when node_modules is missing or older than the lockfile. A node_modules that is a
 * symbolic link is another checkout's, shared: npm ci would empty it under that checkout, so it is left alone.
 */
function ensureNpmDeps() {
  const modules = path.join(ROOT, "node_modules");
  if (fs.existsSync(modules) && fs.lstatSync(modules).isSymbolicLink()) return;
  const marker = path.join(modules, ".package-lock.json");
  const lock = path.join(ROOT, "package-lock.json");
  const stale = !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs;
  if (!stale) return;
  console.log("[fbe] installing npm dependencies (npm ci)...");
  const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
  });
  if (r.status !== 0) process.exit(r.status || 1);
}

/** Repairs Bun when npm skipped its postinstall (the bun package downloads its binary there). */
function ensureBun() {
  try {
    execFileSync(BUN, ["--version"], { stdio: "ignore" });
  } catch {
    console.log("[fbe] repairing the Bun install (postinstall was skipped)...");
    execFileSync(process.execPath, ["install.js"], { cwd: path.join(ROOT, "node_modules", "bun"), stdio: "inherit" });
  }
}

/** Installs missing system tools through apt when root; otherwise warns with their names. */
function ensureTools(command) {
  const wanted = [...TOOLS.common, ...(TOOLS[command] || [])];
  const missing = wanted.filter(([names]) => !names.some(onPath));
  if (missing.length === 0) return;
  const pkgs = [...new Set(missing.map(([, pkg]) => pkg))];
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && onPath("apt-get")) {
    console.log(`[fbe] installing system packages: ${pkgs.join(" ")}`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const r = spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...pkgs], {
      stdio: "inherit",
      env,
    });
    if (r.status === 0) return;
  }
  const names = missing.map(([names]) => names[0]).join(", ");
  console.warn(`[fbe] warning: missing optional tools: ${names}. Install the Debian packages: ${pkgs.join(" ")}`);
}

function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!["start", "test", "stress", "build", "bench"].includes(command)) {
    console.error("usage: node scripts/bootstrap.cjs <start|test|stress|build|bench>");
    process.exit(2);
  }
  ensureNodeVersion();
  ensureNpmDeps();
  ensureBun();
  if (command !== "build") ensureTools(command);
  const r = spawnSync(BUN, [path.join(ROOT, "scripts", `${command}.ts`), ...args], { cwd: ROOT, stdio: "inherit" });
  process.exit(r.status === null ? 1 : r.status);
}

if (require.main === module) main();

module.exports = { nodeVersionProblem };
