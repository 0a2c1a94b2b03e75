import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { runTool } from "../../../src/server/tools/run-tool";
import { runProbe } from "../../../src/server/tools/ffprobe";
import { buildCommonArgs, inheritedInput, inputArgs, runFfmpeg } from "../../../src/server/tools/ffmpeg";
import { runMediaInfo } from "../../../src/server/tools/mediainfo";
import { findSevenZip, runSevenZipList } from "../../../src/server/tools/sevenzip";
import { runMktorrent } from "../../../src/server/tools/mktorrent";
import { buildJpegtranArgs, runJpegtran } from "../../../src/server/tools/jpegtran";
import { ToolFailed } from "../../../src/server/tools/spawn";
import { TOOL_INPUT_PATH, withToolInput, type UserFile } from "../../../src/server/tools/tool-input";
import { makeVideo, requireMediaTools } from "../../support/media";
import { inspectTorrent } from "../../support/torrent";
import { imageFacts, orientedJpeg } from "../../support/oriented-jpeg";

const signal = () => new AbortController().signal;
let dir: string;
/** The user's scope: /movies/clip.mp4 (3 s); outside it, /other/movies/clip.mp4 (7 s), another user's. */
let scope: string;
let other: string;
const clip: UserFile = { scope: "", path: "/movies/clip.mp4" };

/** Puts a link to the other user's folder where the scope's `movies` folder was (the race's swap). */
function swapMoviesForLinkOut(): void {
  renameSync(join(scope, "movies"), join(scope, "movies.old"));
  symlinkSync(join(other, "movies"), join(scope, "movies"));
}

function restoreMovies(): void {
  rmSync(join(scope, "movies"), { force: true });
  renameSync(join(scope, "movies.old"), join(scope, "movies"));
}

/** ffprobe's duration (s) of what the tool reads as `path`, the input descriptor given. */
async function probedDuration(path: string, inputFd: number): Promise<number> {
  let out = "";
  await runTool({
    cmd: "ffprobe",
    args: ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", `file:${path}`],
    inputFd,
    signal: signal(),
    onStdoutLine: (l) => (out += l),
  });
  return Number(out);
}

beforeAll(async () => {
  requireMediaTools();
  dir = mkdtempSync(join(tmpdir(), "fbe-tool-input-"));
  scope = join(dir, "scope");
  other = join(dir, "other");
  clip.scope = scope;
  mkdirSync(join(scope, "movies"), { recursive: true });
  mkdirSync(join(other, "movies"), { recursive: true });
  // ffmpeg writes mp4 with the moov box after the media data unless told +faststart: ffprobe must seek to read it.
  await makeVideo(join(scope, "movies"), "clip.mp4", 3);
  await makeVideo(join(other, "movies"), "clip.mp4", 7);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a user's file given to a tool as an inherited descriptor", () => {
  it("is read by ffprobe as /proc/self/fd/3, seeking to a moov box stored after the media data", async () => {
    const bytes = readFileSync(join(scope, "movies", "clip.mp4"));
    expect(bytes.indexOf("moov")).toBeGreaterThan(bytes.indexOf("mdat"));
    const probe = await runProbe(clip, signal());
    expect(probe.durationS).toBeCloseTo(3, 0);
    expect(probe.sizeBytes).toBe(bytes.length);
    expect(probe.demuxer).toBe("mov");
  });

  it("stays the file opened at the check after its folder is swapped for a link to another user's file", async () => {
    await withToolInput(clip, "ffprobe", async (input) => {
      expect(input.path).toBe(TOOL_INPUT_PATH);
      swapMoviesForLinkOut();
      try {
        // The path now leads to the 7 s file; the descriptor, and so the tool, still reads the 3 s one.
        expect(await probedDuration(join(scope, "movies", "clip.mp4"), input.fd)).toBeCloseTo(7, 0);
        expect(await probedDuration(input.path, input.fd)).toBeCloseTo(3, 0);
      } finally {
        restoreMovies();
      }
    });
  });

  it("is refused, never opened, once its folder already is a link out of the scope", async () => {
    swapMoviesForLinkOut();
    try {
      await expect(runProbe(clip, signal())).rejects.toBeInstanceOf(ToolFailed);
      await expect(runMediaInfo(clip, signal())).rejects.toBeInstanceOf(ToolFailed);
    } finally {
      restoreMovies();
    }
  });

  it("refuses a FIFO at once as a file the tool cannot read, without waiting for a writer", async () => {
    execFileSync("mkfifo", [join(scope, "movies", "pipe.mp4")]);
    await expect(runProbe({ scope, path: "/movies/pipe.mp4" }, signal(), 5000)).rejects.toBeInstanceOf(ToolFailed);
  });

  it("is read by ffmpeg through file:/proc/self/fd/3 with the forced demuxer and the file protocol only", async () => {
    const out = join(dir, "frame.png");
    const args = [
      ...buildCommonArgs(true),
      ...inputArgs(inheritedInput("mov")),
      "-frames:v",
      "1",
      "-f",
      "image2",
      "-update",
      "1",
      `file:${out}`,
    ];
    expect(args).toContain(`file:${TOOL_INPUT_PATH}`);
    await runFfmpeg({ args, input: clip, signal: signal() });
    expect(readFileSync(out).subarray(1, 4).toString()).toBe("PNG");
  });

  it("keeps its own name for mediainfo, which still detects the format and names no server folder", async () => {
    const report = await runMediaInfo(clip, signal());
    expect(report).toMatch(/Complete name\s+: \.\/clip\.mp4\n/);
    expect(report).toMatch(/Format\s+: MPEG-4/);
    expect(report).not.toContain("FileExtension_Invalid");
    expect(report).not.toContain(dir);
  });

  it("keeps its own name for 7-Zip, which names a .tar.gz's inner tar after it", async () => {
    writeFileSync(join(dir, "notes.txt"), "hello");
    execFileSync("tar", ["czf", join(scope, "movies", "notes.tar.gz"), "-C", dir, "notes.txt"]);
    const listing = await runSevenZipList(findSevenZip()!, { scope, path: "/movies/notes.tar.gz" }, "", signal());
    expect(listing.entries.map((e) => e.path)).toEqual(["notes.tar"]);
  });

  it("gives 7-Zip the folder of a set of volumes, so it finds the other volumes beside the first", async () => {
    writeFileSync(join(dir, "big.bin"), randomBytes(300_000));
    execFileSync(findSevenZip()!, [
      "a",
      "-bso0",
      "-mx0",
      "-v100k",
      join(scope, "movies", "set.7z"),
      join(dir, "big.bin"),
    ]);
    const listing = await runSevenZipList(
      findSevenZip()!,
      { firstVolume: { scope, path: "/movies/set.7z.001" } },
      "",
      signal(),
    );
    expect(listing.entries.map((e) => [e.path, e.size])).toEqual([["big.bin", 300_000]]);
  });

  it("is hashed by mktorrent under the torrent's name", async () => {
    const output = join(dir, "clip.torrent");
    await runMktorrent(
      {
        target: clip,
        output,
        announce: "",
        isPrivate: false,
        pieceLength: 18,
        comment: "",
        source: "",
        name: "clip.mp4",
        threads: 1,
      },
      signal(),
    );
    const t = inspectTorrent(output, join(scope, "movies", "clip.mp4"));
    expect(t).toMatchObject({ name: "clip.mp4", badPieces: [] });
    expect(t.files).toEqual([{ path: "clip.mp4", length: readFileSync(join(scope, "movies", "clip.mp4")).length }]);
  });

  it("is turned by jpegtran", async () => {
    writeFileSync(join(scope, "movies", "a.jpg"), await orientedJpeg(64, 32, 6));
    const out = join(dir, "a2.jpg");
    expect(
      await runJpegtran(buildJpegtranArgs(6, TOOL_INPUT_PATH, out), signal(), { scope, path: "/movies/a.jpg" }),
    ).toBe(true);
    expect(await imageFacts(out)).toMatchObject({ width: 32, height: 64 });
  });
});
