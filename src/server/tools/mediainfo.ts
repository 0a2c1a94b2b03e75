/**
 * @module The mediainfo wrapper (STYLE rule 5): the pure argument builder and one run through runTool that keeps
 * the tool's text report exactly as printed (sections separated by blank lines), for GET ?mediaInfo=yes.
 */
import { basename, dirname } from "node:path";
import { runTool } from "./run-tool";

/** The tool's executable name (Debian package `mediainfo`). */
export const MEDIAINFO_TOOL = "mediainfo";

/** How one mediainfo run is started: in the file's folder, with the name only. */
export interface MediaInfoCall {
  args: string[];
  cwd: string;
}

/**
 * Arguments of the default text report of `file` (absolute). The run starts in the file's folder and names the
 * file `./<name>`: the report's "Complete name" line then shows the name, not the server's folders, and a name
 * starting with "-" is never read as an option.
 */
export function buildMediaInfoCall(file: string): MediaInfoCall {
  return { args: [`./${basename(file)}`], cwd: dirname(file) };
}

/**
 * The text report of `file`, exactly as mediainfo prints it; the run stops after `timeoutMs` when given.
 * @throws ToolFailed when mediainfo exits non-zero or runs out of time; ToolAborted when `signal` aborts.
 */
export async function runMediaInfo(file: string, signal: AbortSignal, timeoutMs?: number): Promise<string> {
  const { args, cwd } = buildMediaInfoCall(file);
  const chunks: Uint8Array[] = [];
  await runTool({ cmd: MEDIAINFO_TOOL, args, cwd, signal, timeoutMs, onStdoutChunk: (c) => chunks.push(c) });
  return new TextDecoder().decode(Buffer.concat(chunks));
}
