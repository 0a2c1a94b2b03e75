/**
 * @module How a user's file reaches an external tool (docs/security.md "Paths and races"): opened once beneath the
 * user's scope (fs/beneath.ts openBeneath), checked to be a regular file on that descriptor, and handed to the child
 * as its descriptor 3, named to the tool as `/proc/self/fd/3`. That magic link names the inode the server opened,
 * whatever the file's folders became after the check, so a parent folder swapped for a symlink out of the scope
 * cannot make the tool read another user's file: no path string of the user is resolved again.
 */
import { closeSync, constants, fstatSync, mkdtempSync, openSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fdPath, O_PATH, openBeneath } from "../fs/beneath";
import { ToolFailed } from "./spawn";

/** A user's file as the tools take it: the scope folder on disk and the virtual path in it (a ScopedPath fits). */
export interface UserFile {
  /** The scope folder on disk the path was resolved in. */
  scope: string;
  /** Virtual path inside the scope ("/a/b.mp4"). */
  path: string;
}

/** A user's file with its checked absolute path, for what is keyed or stated by path (caches, names in messages). */
export interface ScopedFile extends UserFile {
  abs: string;
}

/**
 * A file a tool reads: a user's file (opened beneath its scope), or the absolute path of a file of the server's own
 * (cache entries, a task's temporary files, test fixtures), opened by that path.
 */
export type ToolFile = UserFile | string;

/** The child's descriptor of its input (runTool `inputFd`): the first one after stdin, stdout and stderr. */
export const TOOL_INPUT_FD = 3;

/** The path a tool is given for its input: the child's own magic link to the descriptor it inherited. */
export const TOOL_INPUT_PATH = `/proc/self/fd/${TOOL_INPUT_FD}`;

/** The child's descriptor of its output folder (runTool `outputDirFd`), right after the input's. */
export const TOOL_OUTPUT_FD = 4;

/** The folder path a tool writes its outputs in: `${TOOL_OUTPUT_DIR}/<name>` lands in the folder it inherited. */
export const TOOL_OUTPUT_DIR = `/proc/self/fd/${TOOL_OUTPUT_FD}`;

/**
 * How the tool names its input, all through the descriptor it inherits:
 * - "fd": `/proc/self/fd/3`, the file itself (tools that read the content only: ffprobe, ffmpeg, jpegtran);
 * - "named": a link `<name>` → `/proc/self/fd/3` in a private folder made for the run, for tools that read the
 *   file's name too (7-Zip names a `.gz` entry and picks a type by extension, mktorrent names the torrent after it,
 *   mediainfo reports the name and checks the extension). The link is ours, in a folder only the server can write,
 *   and leads to the child's own descriptor: no path of the user is resolved again;
 * - "in-folder": the descriptor is the file's folder (opened beneath the scope) and the tool is given
 *   `/proc/self/fd/3/<name>`, for archives split into volumes that 7-Zip opens by name beside the first one: the
 *   folder is the one checked whatever its ancestors became, but each volume's own name is resolved by the tool.
 */
export type InputNaming = "fd" | "named" | "in-folder";

/** A tool's input while it is open: the descriptor to pass as runTool `inputFd`, and the path to give the tool. */
export interface OpenedInput {
  fd: number;
  path: string;
}

const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/** The virtual or absolute path of `file`. */
const pathOf = (file: ToolFile): string => (typeof file === "string" ? file : file.path);

/** Opens `path` of `file`'s scope (or by path for a file of the server's own), as a ToolFailed of `tool` on failure. */
function openFor(file: ToolFile, path: string, flags: number, tool: string): number {
  try {
    return typeof file === "string" ? openSync(path, flags) : openBeneath(file.scope, path, flags);
  } catch (err) {
    throw new ToolFailed(tool, null, `cannot open the file (${(err as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

/**
 * Opens `file` for `tool` to read: read-only and without blocking (a FIFO cannot hang the open), beneath the scope
 * for a user's file. The caller closes the descriptor.
 * @throws ToolFailed (as a tool that cannot read the file: the callers' "cannot read this file") when the open fails
 *   (missing, a path that leads out of the scope) or the file is not a regular file.
 */
export function openToolInput(file: ToolFile, tool: string): number {
  const fd = openFor(file, pathOf(file), READ_FLAGS, tool);
  try {
    if (!fstatSync(fd).isFile()) throw new ToolFailed(tool, null, "not a regular file");
    return fd;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/** Opens the folder of `file` (O_PATH) and checks that `<folder>/<name>` is a regular file. */
function openFolderOf(file: ToolFile, name: string, tool: string): number {
  const path = pathOf(file);
  const fd = openFor(file, path.slice(0, path.lastIndexOf("/")) || "/", O_PATH | constants.O_DIRECTORY, tool);
  try {
    if (!statSync(`${fdPath(fd)}/${name}`, { throwIfNoEntry: false })?.isFile())
      throw new ToolFailed(tool, null, "not a regular file");
    return fd;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * Runs `fn` with `file` open for `tool` and named as `naming` says, and closes the descriptor (and removes a private
 * folder) once `fn` settles, that is once the tool started through runTool's `inputFd` has exited.
 * @throws ToolFailed when the file (or its folder) cannot be opened or is not a regular file; whatever `fn` throws.
 */
export async function withToolInput<T>(
  file: ToolFile,
  tool: string,
  fn: (input: OpenedInput) => Promise<T>,
  naming: InputNaming = "fd",
): Promise<T> {
  const name = basename(pathOf(file));
  const fd = naming === "in-folder" ? openFolderOf(file, name, tool) : openToolInput(file, tool);
  let privateDir: string | null = null;
  try {
    let path = TOOL_INPUT_PATH;
    if (naming === "in-folder") path = `${TOOL_INPUT_PATH}/${name}`;
    else if (naming === "named") {
      privateDir = mkdtempSync(join(tmpdir(), "fbe-input-"));
      path = join(privateDir, name);
      symlinkSync(TOOL_INPUT_PATH, path);
    }
    return await fn({ fd, path });
  } finally {
    closeSync(fd);
    if (privateDir) rmSync(privateDir, { recursive: true, force: true });
  }
}
