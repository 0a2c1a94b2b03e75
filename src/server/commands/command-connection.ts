/**
 * @module One connection of the command runner (docs/product.md "Sockets"): takes command lines,
 * refuses those the user may not run, runs one at a time in the folder and streams its output as the messages
 * of src/shared/wire/command.ts; closing stops the running command.
 */
import type { CommandServerMessage } from "../../shared/wire/command";
import { runCommand } from "../tools/command";
import { SESSION_ENDED_CLOSE_CODE } from "../constants";
import { checkCommandLine, commandInvocation, CommandRefused } from "./command-line";

/**
 * Command runner (`/api/command`): a command is killed, with its whole process group, after 10 minutes. Long
 * enough for the work people do from a browser shell (a `du` of a big tree, an `rsync` of a folder, a
 * `git pull`), short enough that a forgotten `tail -f` or a hung tool does not hold a process forever; longer
 * jobs belong to the background tasks.
 */
const COMMAND_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * Command runner: when the browser reads output slower than the command writes it and this many bytes wait in
 * the socket, the command is stopped (`yes` would otherwise fill the server's memory). 4 MiB is about 50,000
 * lines of text, far more than a person reads.
 */
const COMMAND_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** What a command runner connection needs from its WebSocket and the server. */
export interface CommandConnectionOptions {
  /** Absolute folder the commands run in (inside the user's scope). */
  cwd: string;
  /** The current allowed commands of the user, read anew for every line (null when the session ended). */
  allowedCommands: () => readonly string[] | null;
  /** The global shell words, read anew for every line (empty: no shell). */
  shell: () => readonly string[];
  send: (msg: CommandServerMessage) => void;
  /** Bytes queued on the connection and not yet sent. */
  bufferedBytes: () => number;
  /** Ends the connection (the session of its token ended). */
  close: (code: number, reason: string) => void;
  /** Defaults to COMMAND_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * The user's running-command slot (command-slots.ts): `take` is asked before each command and answers false
   * past the limit `limit()`; `release` is called once the command's process group is gone. Absent: no limit.
   */
  commandSlot?: { take(): boolean; release(): void; limit(): number };
}

/** A live connection of the command runner: feed it the client's lines, tell it when the socket closes. */
export interface CommandConnection {
  receive(line: string): Promise<void>;
  stop(): void;
}

/** The `refused` message of the wire protocol for a refusal. */
export function refusalMessage(err: CommandRefused): CommandServerMessage {
  return { type: "refused", code: err.code, detail: err.detail, message: err.message };
}

/** Starts the command runner of one WebSocket connection. */
export function createCommandConnection(o: CommandConnectionOptions): CommandConnection {
  let running: AbortController | null = null;
  let overflow = false;
  const refuse = (err: CommandRefused) => o.send(refusalMessage(err));
  const output = (type: "stdout" | "stderr") => (line: string) => {
    if (overflow) return;
    o.send({ type, line });
    if (o.bufferedBytes() > COMMAND_MAX_BUFFERED_BYTES) {
      overflow = true;
      running?.abort();
    }
  };
  return {
    async receive(line) {
      if (running) return refuse(new CommandRefused("busy"));
      const allowed = o.allowedCommands();
      if (allowed === null) return o.close(SESSION_ENDED_CLOSE_CODE, "session ended");
      const shell = o.shell();
      let words: string[];
      try {
        words = checkCommandLine(line, allowed, { shell: shell.length > 0 });
      } catch (err) {
        if (err instanceof CommandRefused) return refuse(err);
        throw err;
      }
      if (o.commandSlot && !o.commandSlot.take())
        return refuse(new CommandRefused("too_many", String(o.commandSlot.limit())));
      const controller = new AbortController();
      running = controller;
      overflow = false;
      o.send({ type: "start", line });
      try {
        const outcome = await runCommand({
          ...commandInvocation(line, words, shell),
          cwd: o.cwd,
          signal: controller.signal,
          timeoutMs: o.timeoutMs ?? COMMAND_TIMEOUT_MS,
          onStdoutLine: output("stdout"),
          onStderrLine: output("stderr"),
        });
        if (outcome.kind === "exit") o.send({ type: "end", reason: "exit", exitCode: outcome.code });
        else if (outcome.kind === "stopped") {
          if (overflow) o.send({ type: "end", reason: "overflow", exitCode: null });
        } else o.send({ type: "end", reason: outcome.kind, exitCode: null });
      } finally {
        running = null;
        o.commandSlot?.release();
      }
    },
    stop() {
      running?.abort();
    },
  };
}
