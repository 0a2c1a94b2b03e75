/** @module Small helpers of the benchmarks: percentiles of timings, a timed run of a command, the machine's load. */
import { cpus, loadavg } from "node:os";

/** The `p`-th percentile (0-100, nearest rank) of `xs`; NaN for an empty list. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The median (50th percentile, nearest rank) of `xs`. */
export function median(xs: number[]): number {
  return percentile(xs, 50);
}

/**
 * Runs `cmd` (an argument array, no shell) to its end with stdout discarded and returns the seconds taken.
 * Throws with the last 300 characters of its stderr when it exits non-zero.
 */
export async function runTimed(cmd: string[]): Promise<number> {
  const t = performance.now();
  const p = Bun.spawn(cmd, { stdout: "ignore", stderr: "pipe" });
  const err = new Response(p.stderr).text();
  const code = await p.exited;
  if (code !== 0) throw new Error(`${cmd.slice(0, 3).join(" ")} failed: ${(await err).slice(-300)}`);
  return (performance.now() - t) / 1000;
}

/** "2 cores, load 0.4" : the cores and the 1-minute load average, printed beside figures other work can skew. */
export function machineNote(): string {
  return `${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`;
}
