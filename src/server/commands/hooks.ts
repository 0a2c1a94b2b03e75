/**
 * @module Event hooks (docs/product.md "Command runner"): the admin's command lines for before_ and
 * after_ upload, save, rename (move counts as rename), copy and delete, run around those operations with FILE,
 * SCOPE, TRIGGER, USERNAME and DESTINATION in their environment only, never in the line. A before-hook that
 * fails (non-zero exit, time limit, program missing) stops the operation: 400 with the hook's first message
 * line, so the UI shows the reason ("The server refused the request: ..."); 403 stays for permissions and
 * scope. After-hooks' failures are logged only. With no line for the event nothing runs and nothing is spawned.
 */
import type { Database } from "bun:sqlite";
import type { Logger } from "../logger";
import { getSettings } from "../settings/settings-service";
import { runCommand, type CommandOutcome } from "../tools/command";
import { BadRequest } from "../errors";
import { commandInvocation, CommandRefused, parseCommandLine } from "./command-line";
import type { HookAction } from "../../shared/wire/hooks";

/**
 * Event hooks: each hook line is killed after 60 s. A before-hook holds the upload, save, rename, copy or delete
 * request while it runs, so it must stay short; a minute still covers a virus scan of a large upload.
 */
const HOOK_TIMEOUT_MS = 60 * 1000;

/** The operations that have hooks; `rename` also covers move (the same PATCH action). */
export type { HookAction };

/** One operation about to run, described for its hooks. */
export interface HookRequest {
  db: Database;
  log: Logger;
  action: HookAction;
  username: string;
  /** Absolute scope folder of the user (SCOPE, and the hooks' working folder). */
  scopeAbs: string;
  /** Absolute path on disk of the file or folder acted on (FILE). */
  file: string;
  /** Absolute target of a copy or rename as requested (DESTINATION). */
  destination?: string;
}

/**
 * Runs `operation` between the before_ and after_ hooks of `h.action`.
 * @returns what `operation` returned.
 * @throws BadRequest (400) naming the hook's message when a before-hook fails (the operation did not run);
 * whatever `operation` throws (the after-hooks do not run then).
 */
export async function withHooks<T>(h: HookRequest, operation: () => Promise<T>): Promise<T> {
  const { commands, shell } = getSettings(h.db);
  const before = commands[`before_${h.action}`] ?? [];
  const after = commands[`after_${h.action}`] ?? [];
  if (before.length === 0 && after.length === 0) return operation();
  for (const line of before) {
    const failure = await runHookLine(h, `before_${h.action}`, line, shell);
    if (failure) throw new BadRequest(`before_${h.action} hook: ${failure}`);
  }
  const result = await operation();
  for (const line of after) {
    const failure = await runHookLine(h, `after_${h.action}`, line, shell);
    if (failure) h.log.error(`after_${h.action} hook "${line}" failed: ${failure}`);
  }
  return result;
}

/** Runs one hook line; resolves with a one-line failure message, or null when it exited with 0. */
async function runHookLine(
  h: HookRequest,
  trigger: string,
  line: string,
  shell: readonly string[],
): Promise<string | null> {
  let words: string[];
  try {
    // The admin wrote the line, so with a shell it goes to the shell as written; without, it is split into words.
    words = shell.length > 0 ? [] : parseCommandLine(line, { shell: false });
  } catch (err) {
    if (err instanceof CommandRefused) return err.message;
    throw err;
  }
  const env: Record<string, string> = { FILE: h.file, SCOPE: h.scopeAbs, TRIGGER: trigger, USERNAME: h.username };
  if (h.destination !== undefined) env.DESTINATION = h.destination;
  let firstLine = "";
  const keep = (l: string) => {
    if (!firstLine) firstLine = l.trim();
  };
  const outcome = await runCommand({
    ...commandInvocation(line, words, shell),
    cwd: h.scopeAbs,
    env,
    signal: new AbortController().signal,
    timeoutMs: HOOK_TIMEOUT_MS,
    onStderrLine: keep,
  });
  return failureText(outcome, firstLine);
}

/** The message of a failed hook: its first stderr line (parentheses swapped, they delimit the error detail). */
function failureText(outcome: CommandOutcome, stderrLine: string): string | null {
  switch (outcome.kind) {
    case "exit":
      if (outcome.code === 0) return null;
      return (stderrLine || `exit status ${outcome.code ?? "signal"}`)
        .replace(/\(/g, "[")
        .replace(/\)/g, "]")
        .slice(0, 200);
    case "timeout":
      return `timed out after ${HOOK_TIMEOUT_MS / 1000} s`;
    case "missing":
      return "program not found";
    case "stopped":
      return "stopped";
  }
}
