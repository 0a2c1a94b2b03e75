/**
 * @module Wire protocol of the command runner (docs/product.md "Sockets", "Shell"). Types only; both the server and the
 * UI read them.
 *
 * - The client sends one command line per text frame. One command runs at a time per connection; a line sent
 *   while one runs is refused with code `busy`. Closing the connection stops the running command (its whole
 *   process group is killed).
 * - The server answers with one JSON object per frame:
 *   - `{type: "start", line}` when the command started;
 *   - `{type: "stdout" | "stderr", line}` for each output line, in the order the command wrote them per stream;
 *   - `{type: "refused", code, detail, message}` when the line runs nothing (not allowed, shell operator...);
 *   - `{type: "end", reason, exitCode}` when it ended: `exit` (exitCode, null when a signal ended it),
 *     `timeout` (killed after the server's time limit), `missing` (the program is not installed) or
 *     `overflow` (stopped because the output was not read fast enough).
 * - A user holds at most the global setting commandSessionsPerUser connections, and runs at most as many
 *   commands, at once: a connection past it gets `{type: "refused", code: "too_many", detail: "<limit>"}` and is
 *   closed with code 4029; a line past it is refused with `too_many` and the connection stays.
 */

/** Why a line was refused; the UI shows `shell.refused.<code>` with `detail`. */
export type CommandRefusalCode =
  | "empty"
  | "not_allowed"
  | "operator"
  | "substitution"
  | "unclosed_quote"
  | "control"
  | "glob_command"
  | "busy"
  | "too_many";

/** How a command ended. */
export type CommandEndReason = "exit" | "timeout" | "missing" | "overflow";

/** One message from the server. */
export type CommandServerMessage =
  | { type: "start"; line: string }
  | { type: "stdout" | "stderr"; line: string }
  | { type: "refused"; code: CommandRefusalCode; detail: string; message: string }
  | { type: "end"; reason: CommandEndReason; exitCode: number | null };
