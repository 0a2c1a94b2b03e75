/** @module Pure rules of the shell overlay (docs/product.md "Shell"): who sees it, output lines, history. */
import type { CommandEndReason, CommandRefusalCode, CommandServerMessage } from "../../shared/wire/command";
import type { TokenUser } from "../auth/token";

/** Translation keys of the notes the shell shows (the `shell` section of the locale files). */
export type ShellNoteKey =
  | `shell.refused.${CommandRefusalCode}`
  | `shell.end.${Exclude<CommandEndReason, "exit"> | "exit" | "signal"}`
  | "shell.stopped"
  | "shell.disconnected"
  | "shell.connectFailed";

/** One line of the shell's output: what was typed, what the command wrote, or a note to translate (`key`). */
export interface ShellLine {
  kind: "input" | "stdout" | "stderr" | "note" | "error";
  text?: string;
  key?: ShellNoteKey;
  values?: Record<string, string | number>;
}

/** The shell button shows only to a user with execute (admins hold it) and at least one allowed command. */
export function canUseShell(
  user: { perm: Pick<TokenUser["perm"], "admin" | "execute">; commands: readonly string[] } | null,
): boolean {
  return !!user && (user.perm.admin || user.perm.execute) && user.commands.length > 0;
}

/** What a server message adds to the output (null for none: a start, a clean exit). */
export function lineOfMessage(msg: CommandServerMessage): ShellLine | null {
  switch (msg.type) {
    case "start":
      return null;
    case "stdout":
    case "stderr":
      return { kind: msg.type, text: msg.line };
    case "refused":
      return { kind: "error", key: `shell.refused.${msg.code}`, values: { detail: msg.detail } };
    case "end":
      if (msg.reason === "exit" && msg.exitCode === 0) return null;
      if (msg.reason === "exit")
        return {
          kind: "note",
          key: msg.exitCode === null ? "shell.end.signal" : "shell.end.exit",
          values: { code: msg.exitCode ?? "" },
        };
      return { kind: "error", key: `shell.end.${msg.reason}` };
  }
}

/** `lines` plus `added`, keeping only the last `max`. */
export function appendLines(lines: readonly ShellLine[], added: readonly ShellLine[], max: number): ShellLine[] {
  const all = [...lines, ...added];
  return all.length > max ? all.slice(all.length - max) : all;
}

/** The history with `line` added last (a repeat of the last entry is not added again), at most `max` long. */
export function remember(history: readonly string[], line: string, max: number): string[] {
  if (history.at(-1) === line) return [...history];
  return [...history, line].slice(-max);
}

/**
 * Moves through the history with up (-1) and down (+1) from `index` (history.length = the new, empty line).
 * @returns the new index and the text to show there.
 */
export function historyStep(history: readonly string[], index: number, step: -1 | 1): { index: number; text: string } {
  const next = Math.min(history.length, Math.max(0, index + step));
  return { index: next, text: history[next] ?? "" };
}
