/**
 * @module The jpegtran wrapper (the only module that runs it; Debian package libjpeg-turbo-progs): a pure builder of the lossless
 * transform that turns a JPEG of a given EXIF orientation upright, and the one runner.
 */
import { runTool } from "./run-tool";
import { isToolAvailable } from "./available";
import { ToolFailed } from "./spawn";
import { withToolInput, type ToolFile } from "./tool-input";

/**
 * jpegtran transform per EXIF orientation 2-8 (Exif 2.32 Orientation: 6 is "rotate 90 clockwise to view", 8
 * "rotate 270"; 5 transpose and 7 transverse are the mirrored quarter turns). 1 needs none.
 */
const TRANSFORMS: Record<number, readonly string[]> = {
  2: ["-flip", "horizontal"],
  3: ["-rotate", "180"],
  4: ["-flip", "vertical"],
  5: ["-transpose"],
  6: ["-rotate", "90"],
  7: ["-transverse"],
  8: ["-rotate", "270"],
};

/**
 * Arguments turning the JPEG `input` of EXIF `orientation` (2-8) upright into `output`: every marker kept
 * (`-copy all`, the Orientation tag included, which the caller then resets) and `-perfect`, so jpegtran fails
 * rather than trim the edge blocks when the size is not a whole number of MCUs.
 * @throws Error for an orientation without a transform (1 or out of range).
 */
export function buildJpegtranArgs(orientation: number, input: string, output: string): string[] {
  const transform = TRANSFORMS[orientation];
  if (!transform) throw new Error(`orientation ${orientation} needs no transform`);
  return ["-copy", "all", "-perfect", ...transform, "-outfile", output, input];
}

/** True when jpegtran is installed. */
export function hasJpegtran(): boolean {
  return isToolAvailable("jpegtran");
}

/**
 * Runs jpegtran with `args` (from buildJpegtranArgs). `input`, when given, is the file the args name as
 * `/proc/self/fd/3` (tool-input.ts TOOL_INPUT_PATH): opened here (a user's file beneath its scope) and inherited by
 * jpegtran. Resolves true when the lossless transform was written, false when jpegtran refused it as not perfect or
 * failed otherwise (exit 2 also means "warnings", e.g. a cut file), or `input` could not be opened as a regular file:
 * the caller re-encodes instead, or reports the file as unreadable.
 * @throws ToolAborted when `signal` aborts.
 */
export async function runJpegtran(args: readonly string[], signal: AbortSignal, input?: ToolFile): Promise<boolean> {
  try {
    const run = (inputFd?: number) => runTool({ cmd: "jpegtran", args, inputFd, signal });
    await (input === undefined ? run() : withToolInput(input, "jpegtran", (opened) => run(opened.fd)));
    return true;
  } catch (e) {
    if (e instanceof ToolFailed) return false;
    throw e;
  }
}
