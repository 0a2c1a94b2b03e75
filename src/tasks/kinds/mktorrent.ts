/**
 * @module The mktorrent kind (docs/product.md "Make torrent", "Task params", "Task defaults";
 * docs/interfaces.md "Task outputs"): a .torrent of a file
 * or folder, written beside the target (`/a/b/` gives `/a/b.torrent`) or at `torrentOutput` inside the scope.
 * mktorrent writes to a hidden temporary name in the output folder that is renamed over the output at the end, so an
 * existing .torrent of the same name is replaced (asking again means wanting the fresh one) and a cancelled or
 * failed run leaves nothing behind. A folder is hashed through a mirror of the files its owner may read
 * (mirror-folder.ts): mktorrent follows symlinks, and a torrent must not carry names or hashes of files out of the
 * scope or denied by the rules.
 */
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, join, posix, sep } from "node:path";
import { pinDir, type PinnedDir } from "../../server/fs/beneath";
import { hasTempName, tempPathBeside, TEMP_NAME_REFUSED } from "../../server/fs/temp-name";
import { TASK_DEFAULTS, TORRENT_PIECE_EXP, type MkTorrentParams } from "../../shared/wire/task";
import { runMktorrent } from "../../server/tools/mktorrent";
import { TOOL_OUTPUT_DIR } from "../../server/tools/tool-input";
import { mirrorFolder } from "../mirror-folder";
import { boolParam, intParam, paramsObject, stringParam } from "../params";
import { TaskInputError, type TaskContext, type TaskKind, type TaskScope, type TaskTarget } from "../types";

/** docs/product.md "Task refusals": the refusal of a .torrent target. */
export const TORRENT_OF_TORRENT_MESSAGE = "hey man, you can not make a torrent for a torrent, what's the point?";

const D = TASK_DEFAULTS.mktorrent;

/** The output's virtual path: `torrentOutput`, a `<name>.torrent` inside it when it names a folder, else beside the target. */
function outputPath(scope: TaskScope, target: TaskTarget, params: MkTorrentParams): string {
  const own = target.path === "/" ? basename(scope.root) : basename(target.path);
  const name = `${params.torrentName || own}.torrent`;
  const wanted = params.torrentOutput;
  // docs/interfaces.md "Task outputs": `<target>.torrent` beside the target (target.path has no trailing slash).
  if (!wanted) return target.path === "/" ? `/${name}` : `${target.path}.torrent`;
  if (wanted.endsWith("/")) return `${wanted}${name}`;
  const abs = scope.resolve(wanted);
  return existsSync(abs) && statSync(abs).isDirectory() ? `${wanted}/${name}` : wanted;
}

function isInside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** The mktorrent kind. */
export const mktorrentKind: TaskKind<MkTorrentParams> = {
  type: "mktorrent",
  tools: ["mktorrent"],
  parseParams(raw) {
    const p = paramsObject(raw);
    return {
      announce: stringParam(p, "announce", D.announce),
      isPrivate: boolParam(p, "isPrivate", D.isPrivate),
      pieceLength: intParam(p, "pieceLength", D.pieceLength, TORRENT_PIECE_EXP.min, TORRENT_PIECE_EXP.max),
      comment: stringParam(p, "comment", D.comment),
      source: stringParam(p, "source", D.source),
      torrentName: stringParam(p, "torrentName", D.torrentName),
      torrentOutput: stringParam(p, "torrentOutput", D.torrentOutput),
    };
  },
  checkTarget(target) {
    if (!target.isDir && target.extension === ".torrent") throw new TaskInputError(TORRENT_OF_TORRENT_MESSAGE);
  },
  async run(ctx: TaskContext, params) {
    const virtual = outputPath(ctx.scope, ctx.target, params);
    if (hasTempName(virtual)) throw new TaskInputError(TEMP_NAME_REFUSED);
    const output = ctx.scope.resolve(virtual);
    const folder = dirname(output);
    if (!existsSync(folder) || !statSync(folder).isDirectory())
      throw new TaskInputError(`output folder ${dirname(virtual)} does not exist`);
    if (existsSync(output) && statSync(output).isDirectory()) throw new TaskInputError(`${virtual} is a folder`);
    // A .torrent inside the folder it describes would hash itself while being written.
    if (ctx.target.isDir && isInside(ctx.target.abs, output))
      throw new TaskInputError("the torrent file can not be written inside the folder it describes");
    // In the temp name family (temp-name.ts): hidden from listings and search, swept if a crash leaves it.
    const temp = tempPathBeside(output, "torrent-");
    // The output folder pinned beneath the scope (docs/security.md "Paths and races"): mktorrent writes the temp file
    // into it as its descriptor 4, and the rename over the output happens inside it, whatever its path became.
    const dir = pinDir(ctx.scope.root, posix.dirname(virtual));
    try {
      return await writeTorrent(ctx, params, dir, temp, output, virtual);
    } finally {
      dir.close();
    }
  },
};

/** Runs mktorrent into the pinned output folder `dir` under the name of `temp`, then renames it over `output`. */
async function writeTorrent(
  ctx: TaskContext,
  params: MkTorrentParams,
  dir: PinnedDir,
  temp: string,
  output: string,
  virtual: string,
): Promise<string> {
  // mktorrent follows symlinks: a folder is hashed through its mirror of allowed files only (whose links mktorrent
  // follows by path); a file through a descriptor opened beneath the scope (tool-input.ts), named by `name`.
  const source = ctx.target.isDir
    ? await mirrorFolder(ctx.scope, ctx.target, join(ctx.tempDir, "mirror"), ctx.signal)
    : { scope: ctx.scope.root, path: ctx.target.path };
  const name = params.torrentName || (ctx.target.path === "/" ? basename(ctx.scope.root) : basename(ctx.target.path));
  ctx.trackOutput(temp);
  const tempInDir = `${dir.path}/${basename(temp)}`;
  try {
    await runMktorrent(
      {
        target: source,
        output: `${TOOL_OUTPUT_DIR}/${basename(temp)}`,
        announce: params.announce,
        isPrivate: params.isPrivate,
        pieceLength: params.pieceLength,
        comment: params.comment,
        source: params.source,
        name,
        threads: availableParallelism(),
      },
      ctx.signal,
      (f) => ctx.report(`${Math.floor(f * 100)}%`),
      dir.fd,
    );
    renameSync(tempInDir, `${dir.path}/${basename(output)}`);
  } catch (err) {
    rmSync(tempInDir, { force: true });
    throw err;
  }
  return ctx.scope.virtualOf(output) ?? virtual;
}
