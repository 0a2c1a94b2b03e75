/** @module Builds the UI and dist/fbe before the browser tests when the sources are newer, so both the binary and a server run from sources serve current code. */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** Runs `scripts/build.ts --if-stale` with the repo's Bun. */
export default function globalSetup(): void {
  execFileSync(join(REPO, "node_modules", ".bin", "bun"), [join(REPO, "scripts", "build.ts"), "--if-stale"], {
    cwd: REPO,
    stdio: "inherit",
  });
}
