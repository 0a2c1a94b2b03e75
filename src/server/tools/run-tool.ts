/**
 * @module Runs one command-line tool to completion in its own process group (only src/server/tools runs external tools): argument array only,
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
  /**
   * Called with each line of stdout as the raw bytes the tool wrote (split and skipped as for onStdoutLine), for
   * output that is not UTF-8: 7-Zip prints entry names stored in a legacy encoding byte for byte.
   */
  onStdoutRawLine?: (line: Uint8Array) => void;
  /** Called with each chunk of stdout exactly as read (blank lines kept), for tools whose whole text is the answer. */
  onStdoutChunk?: (chunk: Uint8Array) => void;
  /** Called with each line of stderr. */
  onStderrLine?: (line: string) => void;
  /** Bytes written to the tool's stdin, then closed (default: no stdin). */
  stdin?: Uint8Array<ArrayBuffer>;
  /** Kill the group and fail after this many ms (default: no limit). */
  timeoutMs?: number;
  /**
   * An open descriptor the tool inherits as its descriptor 3, to be named `/proc/self/fd/3` in `args`
   * (tool-input.ts TOOL_INPUT_PATH): how a user's file is given to a tool. The caller keeps and closes it.
   */
  inputFd?: number;
  /**
   * An open folder (fs/beneath.ts pinDir, O_PATH is enough) the tool inherits as its descriptor 4, to be named
   * `/proc/self/fd/4/<name>` in `args` for what it writes (tool-input.ts TOOL_OUTPUT_DIR): the output folder checked
   * beneath the scope, whatever its ancestors became since. The caller keeps and closes it.
   */
  outputDirFd?: number;
}

/** How a finished run ended. */
export interface ToolResult {
  exitCode: number;
  /** The last 4 KiB of stderr, for messages. */
  stderrTail: string;
}

const TAIL_BYTES = 4096;
/** Line callbacks of one stream: as text (UTF-8, U+FFFD for bytes that are not) and as raw bytes. */
interface LineSinks {
  text?: (line: string) => void;
  raw?: (line: Uint8Array) => void;
  chunk?: (chunk: Uint8Array) => void;
}

// 7-Zip's -bsp1 redraws its percentage with backspaces; ffmpeg and mktorrent end lines with \r or \n. These are
// ASCII bytes, never part of a multi-byte UTF-8 character nor of a GBK, Shift_JIS or Big5 one.
const isBreak = (b: number) => b === 0x0a || b === 0x0d || b === 0x08;
// What String.prototype.trim() removes among ASCII: a line of these only is blank and skipped.
const isBlankByte = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);

function emitLine(line: Uint8Array, sinks: LineSinks): void {
  if (line.every(isBlankByte)) return;
  sinks.raw?.(line);
  if (sinks.text) {
    const text = new TextDecoder().decode(line);
    if (text.trim()) sinks.text(text);
  }
}

async function readLines(stream: ReadableStream<Uint8Array>, sinks: LineSinks, keepTail: boolean): Promise<string> {
  const decoder = new TextDecoder();
  const wantLines = Boolean(sinks.text || sinks.raw);
  let pending: Uint8Array = new Uint8Array(0);
  let tail = "";
  for await (const chunk of stream) {
    sinks.chunk?.(chunk);
    if (keepTail) tail = (tail + decoder.decode(chunk, { stream: true })).slice(-TAIL_BYTES);
    if (!wantLines) continue;
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      if (!isBreak(chunk[i]!)) continue;
      emitLine(pending.length ? Buffer.concat([pending, chunk.subarray(start, i)]) : chunk.slice(start, i), sinks);
      pending = new Uint8Array(0);
      start = i + 1;
    }
    if (start < chunk.length) pending = Buffer.concat([pending, chunk.subarray(start)]);
  }
  if (wantLines) emitLine(pending, sinks);
  return tail;
}

/** The extra stdio entries of a run: the input as descriptor 3, the output folder as descriptor 4. */
function inheritedFds(o: RunToolOptions): (number | "ignore")[] {
  if (o.outputDirFd === undefined) return o.inputFd === undefined ? [] : [o.inputFd];
  return [o.inputFd ?? "ignore", o.outputDirFd];
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
    // The input descriptor, when given, becomes the child's descriptor 3 and the output folder its descriptor 4
    // (Bun passes extra stdio entries as is; "ignore" keeps 3 closed when only an output folder is given).
    stdio: [o.stdin ? new Blob([o.stdin]) : "ignore", "pipe", "pipe", ...inheritedFds(o)],
    // Its own process group, so a kill reaches what the tool starts too (e.g. a shell's children).
    detached: true,
  });
  let timedOut = false;
  const onAbort = () => killGroup(proc.pid);
  o.signal.addEventListener("abort", onAbort, { once: true });
  const timer = o.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        killGroup(proc.pid);
      }, o.timeoutMs)
    : undefined;
  try {
    const [, stderrTail, exitCode] = await Promise.all([
      readLines(proc.stdout, { text: o.onStdoutLine, raw: o.onStdoutRawLine, chunk: o.onStdoutChunk }, false),
      readLines(proc.stderr, { text: o.onStderrLine }, true),
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
