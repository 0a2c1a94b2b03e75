/**
 * @module The mediainfo wrapper (the only module that runs mediainfo): the pure argument builder and one run through runTool that keeps
 * the tool's text report exactly as printed (sections separated by blank lines), for GET ?mediaInfo=yes.
 */
import { basename, dirname } from "node:path";
import { runTool } from "./run-tool";
import { MediaContentRefused, NAMES_OTHER_FILES, refuseTextContent } from "./media-input";
import { withToolInput, type ToolFile } from "./tool-input";

/** The tool's executable name (Debian package `mediainfo`). */
export const MEDIAINFO_TOOL = "mediainfo";

/** How one mediainfo run is started: in the file's folder, with the name only. */
export interface MediaInfoCall {
  args: string[];
  cwd: string;
}

/**
 * Arguments of the default text report of `file` (absolute; runMediaInfo gives the link to its descriptor in a
 * private folder, tool-input.ts). The run starts in that folder and names the file `./<name>`: the report's
 * "Complete name" line then shows the name, not the server's folders, and a name starting with "-" is never read
 * as an option. Image sequence detection (which reads the neighbours of a
 * numbered name) is off.
 */
export function buildMediaInfoCall(file: string): MediaInfoCall {
  return { args: ["--File_TestContinuousFileNames=0", `./${basename(file)}`], cwd: dirname(file) };
}

/**
 * True when a report describes files the one asked about refers to: MediaInfo follows HLS playlists, reference
 * movies and manifests, and names each followed file in a "Source" field of the tracks it read from it.
 */
export function reportNamesOtherFiles(report: string): boolean {
  return /^Source\s+:/m.test(report);
}

/**
 * The text report of `file`, exactly as mediainfo prints it; the run stops after `timeoutMs` when given. Text content
 * (playlists, manifests, file lists) is refused before mediainfo starts, and a report that read other files than
 * `file` is refused instead of answered (docs/security.md "Media tools"). mediainfo reads the descriptor opened here
 * through a link under the file's own name in a private folder (tool-input.ts "named"): it reports that name and
 * judges the extension as it would in place, and has no neighbour of the user's file to look at.
 * @throws MediaContentRefused (a ToolFailed) for either refusal; ToolFailed when the file cannot be opened or is not a
 * regular file, or mediainfo exits non-zero or runs out of time; ToolAborted when `signal` aborts.
 */
export async function runMediaInfo(file: ToolFile, signal: AbortSignal, timeoutMs?: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  await withToolInput(
    file,
    MEDIAINFO_TOOL,
    async (input) => {
      await refuseTextContent(input.fd, MEDIAINFO_TOOL);
      const { args, cwd } = buildMediaInfoCall(input.path);
      await runTool({
        cmd: MEDIAINFO_TOOL,
        args,
        cwd,
        inputFd: input.fd,
        signal,
        timeoutMs,
        onStdoutChunk: (c) => chunks.push(c),
      });
    },
    "named",
  );
  const report = new TextDecoder().decode(Buffer.concat(chunks));
  if (reportNamesOtherFiles(report)) throw new MediaContentRefused(MEDIAINFO_TOOL, NAMES_OTHER_FILES);
  return report;
}
