/**
 * @module Runs one command-line tool to completion in its own process group (STYLE rule 5): argument array only,
 * never a shell string; output read line by line; an abort kills the whole group (the tool and anything it started).
 */
import { ToolFailed } from "./spawn";

/** Thrown by runTool when its signal aborted the run; the process group is already killed. */
export class ToolAborted extends Error {
  constructor(readonly tool: string) {
    super(`${tool} was stopped`);
  }
}

/** What runTool needs. */
export interface RunToolOptions {
  /** Executable name or absolute path (look it up with tools/available.ts first). */
  cmd: string;
  args: readonly string[];
  cwd?: string;
  /** Extra environment variables, added to the server's own. Values go only here, never into `args` of a shell. */
  env?: Record<string, string>;
  /** When true, `env` is the whole environment (nothing of the server's own is passed on). Default false. */
  replaceEnv?: boolean;
  /** Aborting kills the whole process group at once (SIGKILL) and rejects with ToolAborted. */
  signal: AbortSignal;
  /** Called with each line of stdout (split on \n, \r and 7-Zip's backspaces), without the line end. */
  onStdoutLine?: (line: string) => void;
  /** Called with each line of stderr. */
  onStderrLine?: (line: string) => void;
  /** Bytes written to the tool's stdin, then closed (default: no stdin). */
  stdin?: Uint8Array<ArrayBuffer>;
  /** Kill the group and fail after this many ms (default: no limit). */
  timeoutMs?: number;
}

/** How a finished run ended. */
export interface ToolResult {
  exitCode: number;
  /** The last 4 KiB of stderr, for messages. */
  stderrTail: string;
}

const TAIL_BYTES = 4096;
// 7-Zip's -bsp1 redraws its percentage with backspaces; ffmpeg and mktorrent end lines with \r or \n.
const LINE_BREAK = /[\r\n\b]+/;

async function readLines(stream: ReadableStream<Uint8Array>, onLine: ((line: string) => void) | undefined, keepTail: boolean): Promise<string> {
  const decoder = new TextDecoder();
  let pending = "";
  let tail = "";
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    if (keepTail) tail = (tail + text).slice(-TAIL_BYTES);
    if (!onLine) continue;
    const parts = (pending + text).split(LINE_BREAK);
    pending = parts.pop() ?? "";
    for (const line of parts) if (line.trim()) onLine(line);
  }
  if (onLine && pending.trim()) onLine(pending);
  return tail;
}

/** Kills every process of the group led by `pid`; quiet when it is already gone. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group has already exited.
  }
}

/**
 * Runs `cmd args` in a new process group and resolves when it exits with code 0.
 * @returns the exit code (0) and the tail of stderr.
 * @throws ToolAborted when `signal` aborts (the group is killed first); ToolFailed when the tool exits non-zero,
 * is killed by a signal, or runs past `timeoutMs`.
 */
export async function runTool(o: RunToolOptions): Promise<ToolResult> {
  if (o.signal.aborted) throw new ToolAborted(o.cmd);
  const proc = Bun.spawn([o.cmd, ...o.args], {
    cwd: o.cwd,
    env: o.replaceEnv ? { ...o.env } : o.env ? { ...process.env, ...o.env } : undefined,
    stdin: o.stdin ? new Blob([o.stdin]) : "ignore",
    stdout: "pipe",
    stderr: "pipe",
    // Its own process group, so a kill reaches what the tool starts too (e.g. a shell's children).
    detached: true,
  });
  let timedOut = false;
  const onAbort = () => killGroup(proc.pid);
  o.signal.addEventListener("abort", onAbort, { once: true });
  const timer = o.timeoutMs ? setTimeout(() => { timedOut = true; killGroup(proc.pid); }, o.timeoutMs) : undefined;
  try {
    const [, stderrTail, exitCode] = await Promise.all([
      readLines(proc.stdout, o.onStdoutLine, false),
      readLines(proc.stderr, o.onStderrLine, true),
      proc.exited,
    ]);
    if (o.signal.aborted) throw new ToolAborted(o.cmd);
    if (timedOut) throw new ToolFailed(o.cmd, null, `timed out after ${o.timeoutMs} ms`);
    if (exitCode !== 0 || proc.signalCode) throw new ToolFailed(o.cmd, proc.signalCode ? null : exitCode, stderrTail);
    return { exitCode, stderrTail };
  } finally {
    o.signal.removeEventListener("abort", onAbort);
    if (timer) clearTimeout(timer);
    // A tool that exited may have left children running in its group.
    killGroup(proc.pid);
  }
}
