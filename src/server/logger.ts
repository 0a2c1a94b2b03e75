/** @module The --log target: stdout, stderr, off or a file, one line per event. */
import { appendFileSync } from "node:fs";

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/** Builds a logger for the `--log` value (`stdout`, `stderr`, `off` or a file path). */
export function createLogger(target: string): Logger {
  const stamp = () => new Date().toISOString();
  let write: (line: string) => void;
  if (target === "off") write = () => {};
  else if (target === "stderr") write = (l) => process.stderr.write(l + "\n");
  else if (target === "stdout" || target === "") write = (l) => process.stdout.write(l + "\n");
  else write = (l) => appendFileSync(target, l + "\n");
  return {
    info: (m) => write(`${stamp()} ${m}`),
    error: (m) => write(`${stamp()} ERROR ${m}`),
  };
}
