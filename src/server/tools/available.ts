/** @module Which optional command-line tools are installed: looked up on PATH at call time, so installing one needs no restart. */

/** Absolute path of `cmd` on PATH, or null when it is not installed. */
export function findTool(cmd: string): string | null {
  return Bun.which(cmd);
}

/** True when `cmd` is installed (found on PATH). */
export function isToolAvailable(cmd: string): boolean {
  return findTool(cmd) !== null;
}

/** The names in `cmds` that are not installed, in order. */
export function missingTools(cmds: readonly string[]): string[] {
  return cmds.filter((c) => !isToolAvailable(c));
}
