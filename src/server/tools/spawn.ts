/**
 * @module spawnFilter: runs a tool as a stream filter (the input stream into its stdin, its stdout back as a stream,
 * killed on cancel or abort), and ToolFailed, the error of a tool that exits with a failure code.
 */

/** Thrown (and used to error a stream) when a tool exits with a failure code. */
export class ToolFailed extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${tool} failed (exit ${exitCode ?? "signal"}): ${stderr.trim().slice(0, 200)}`);
  }
}

export interface FilterOptions {
  /** Executable name or path, e.g. "xz". */
  cmd: string;
  args: string[];
  /** Bytes fed to the tool's stdin, pulled with backpressure (Bun reads it only as fast as the pipe drains). */
  input: ReadableStream<Uint8Array>;
  /** Aborting kills the process at once (SIGKILL) and cancels `input`. */
  signal: AbortSignal;
}

/**
 * Runs `cmd args` as a filter: `input` goes to its stdin, its stdout comes back as a pull-based stream
 * (nothing is read ahead of the consumer). The returned stream errors with ToolFailed when the tool exits
 * non-zero, so a broken archive is never passed off as complete. Cancelling the returned stream or
 * aborting `signal` kills the process; `input` is cancelled by Bun when the pipe breaks (measured
 * with Bun 1.4.5: writing into a dead stdin by hand crashed with EPIPE; handing Bun the stream does not).
 */
export function spawnFilter(o: FilterOptions): ReadableStream<Uint8Array> {
  const proc = Bun.spawn([o.cmd, ...o.args], {
    stdin: o.input,
    stdout: "pipe",
    stderr: "pipe",
    signal: o.signal,
    killSignal: "SIGKILL",
  });
  const stderr = new Response(proc.stderr).text().catch(() => "");
  const reader = proc.stdout.getReader();
  const kill = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(ctrl) {
        const { value, done } = await reader.read();
        if (!done) return ctrl.enqueue(value);
        const code = await proc.exited;
        if (code === 0) ctrl.close();
        else ctrl.error(new ToolFailed(o.cmd, proc.exitCode, await stderr));
      },
      async cancel() {
        kill();
        await reader.cancel().catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}
