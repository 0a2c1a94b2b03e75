/**
 * @module Runs one command of the command runner or of an event hook (an argument array, never a string the
 * server splices) through runTool: its own process group, a clean small environment, a time limit, and an
 * outcome instead of exceptions for the ways a command can end.
 */
import { runTool, ToolAborted } from "./run-tool";
import { ToolFailed } from "./spawn";

/** What runCommand needs. */
export interface CommandRun {
  cmd: string;
  args: readonly string[];
  cwd: string;
  /** Added to the clean base environment (hook variables FILE, SCOPE...). Values only ever travel here. */
  env?: Record<string, string>;
  /** Aborting kills the whole process group (client gone, server stopping). */
  signal: AbortSignal;
  /** The group is killed after this many ms. */
  timeoutMs: number;
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
}

/** How a command ended: `exit` with its code (null when a signal ended it), `timeout`, `stopped` (aborted) or `missing` (not found). */
export type CommandOutcome =
  | { kind: "exit"; code: number | null; stderrTail: string }
  | { kind: "timeout" }
  | { kind: "stopped" }
  | { kind: "missing" };

// What a command inherits from the server: enough to find programs and print text, nothing else (the server's
// own variables, e.g. FB_PASSWORD, stay private). Read once at boot.
const BASE_ENV: Record<string, string> = Object.fromEntries(
  ["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "USER", "LOGNAME"]
    .filter((k) => process.env[k] !== undefined)
    .map((k) => [k, process.env[k] as string]),
);

/**
 * Runs `cmd args` in `cwd` until it exits, `signal` aborts or `timeoutMs` passes; in the last two cases the whole
 * process group is killed first. Never throws for the command's own failure.
 * @returns the outcome.
 * @throws only unexpected spawn errors (other than a missing program).
 */
export async function runCommand(o: CommandRun): Promise<CommandOutcome> {
  const stop = new AbortController();
  let timedOut = false;
  const onAbort = () => stop.abort();
  o.signal.addEventListener("abort", onAbort, { once: true });
  if (o.signal.aborted) stop.abort();
  const timer = setTimeout(() => {
    timedOut = true;
    stop.abort();
  }, o.timeoutMs);
  try {
    const { stderrTail } = await runTool({
      cmd: o.cmd,
      args: o.args,
      cwd: o.cwd,
      env: { ...BASE_ENV, TERM: "dumb", ...o.env },
      replaceEnv: true,
      signal: stop.signal,
      onStdoutLine: o.onStdoutLine,
      onStderrLine: o.onStderrLine,
    });
    return { kind: "exit", code: 0, stderrTail };
  } catch (err) {
    if (err instanceof ToolAborted) return timedOut ? { kind: "timeout" } : { kind: "stopped" };
    if (err instanceof ToolFailed) return { kind: "exit", code: err.exitCode, stderrTail: err.stderr };
    if ((err as { code?: string }).code === "ENOENT") return { kind: "missing" };
    throw err;
  } finally {
    clearTimeout(timer);
    o.signal.removeEventListener("abort", onAbort);
  }
}
