/**
 * @module The mktorrent wrapper (the only module that runs mktorrent): pure argument building and progress parsing, and the one run
 * through runTool (own process group, abort kills it). mktorrent 1.1 options: -a announce, -p private, -l piece
 * length exponent, -c comment, -s source, -n name, -o output, -t hashing threads; `--` ends the options so a
 * target named like an option stays a path.
 */
import { runTool, type ToolResult } from "./run-tool";
import { withToolInput, type UserFile } from "./tool-input";

/** What one mktorrent run makes. */
export interface MktorrentOptions {
  /** Absolute path of the file or folder the torrent describes. */
  target: string;
  /**
   * Path of the .torrent to write: absolute, or `/proc/self/fd/4/<name>` in the folder given as runMktorrent's
   * `outputDirFd`; it must not exist (mktorrent refuses to overwrite).
   */
  output: string;
  /** Tracker URL; "" makes a torrent without announce. */
  announce: string;
  isPrivate: boolean;
  /** Piece length as a power of two (18 = 256 KiB ... 26 = 64 MiB). */
  pieceLength: number;
  comment: string;
  source: string;
  /** Name inside the torrent; "" = the target's own name. */
  name: string;
  /** Hashing threads (mktorrent's default is the number of cores too). */
  threads: number;
}

/** The argument array of one run; empty optional strings are left out. */
export function buildMktorrentArgs(o: MktorrentOptions): string[] {
  const args: string[] = [];
  if (o.announce) args.push("-a", o.announce);
  if (o.isPrivate) args.push("-p");
  args.push("-l", String(o.pieceLength));
  if (o.comment) args.push("-c", o.comment);
  if (o.source) args.push("-s", o.source);
  if (o.name) args.push("-n", o.name);
  args.push("-o", o.output, "-t", String(Math.max(1, Math.floor(o.threads))), "--", o.target);
  return args;
}

const HASHED_LINE = /Hashed (\d+) of (\d+) pieces/;

/**
 * The hashing progress in one line of mktorrent's output ("Hashed 12 of 80 pieces."), as pieces done and total,
 * or null for any other line.
 */
export function parseMktorrentProgress(line: string): { done: number; total: number } | null {
  const m = HASHED_LINE.exec(line);
  if (!m) return null;
  const total = Number(m[2]);
  return total > 0 ? { done: Number(m[1]), total } : null;
}

/**
 * Runs mktorrent with `o`, `o.target` being a path of the server's own (a task's mirror of a folder, a fixture) or a
 * user's file: that one is opened beneath its scope and hashed through the descriptor mktorrent inherits
 * (tool-input.ts), so `o.name` must be set (the torrent would be named "3" otherwise). `onProgress` gets the hashed
 * fraction (0..1) as mktorrent reports it. `outputDirFd`, an open folder (fs/beneath.ts pinDir), is inherited as the
 * child's descriptor 4, so `o.output` may be `/proc/self/fd/4/<name>` (tool-input.ts TOOL_OUTPUT_DIR): the torrent
 * is then written into that very folder.
 * @throws ToolAborted when `signal` aborts; ToolFailed when the user's file cannot be opened or is not a regular file,
 * or mktorrent exits non-zero (its stderr in the message).
 */
export function runMktorrent(
  o: Omit<MktorrentOptions, "target"> & { target: string | UserFile },
  signal: AbortSignal,
  onProgress?: (fraction: number) => void,
  outputDirFd?: number,
): Promise<ToolResult> {
  const run = (target: string, inputFd?: number) =>
    runTool({
      cmd: "mktorrent",
      args: buildMktorrentArgs({ ...o, target }),
      inputFd,
      outputDirFd,
      signal,
      onStdoutLine: (line) => {
        const p = parseMktorrentProgress(line);
        if (p && onProgress) onProgress(p.done / p.total);
      },
    });
  if (typeof o.target === "string") return run(o.target);
  return withToolInput(o.target, "mktorrent", (input) => run(input.path, input.fd));
}
