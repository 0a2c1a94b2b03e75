import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { serverInProcess } from "../support/server-per-file";
import { makeUser } from "../support/factories";
import { isTask, openTaskSocket } from "../support/task-socket";
import { processesWith, queued, refusal, waitStatus } from "../support/task-helpers";
import {
  makeMkvWithSubs,
  makeMp4WithMovText,
  makeSlowVideo,
  probeImage,
  probeSubtitleFile,
  requireMediaTools,
  fillFolder,
} from "../support/media";
import { headerFontSize, headerHeight } from "../../src/tasks/kinds/contact-sheet-header";

const ctx = serverInProcess();
let fixtures: string;

beforeAll(async () => {
  requireMediaTools();
  fixtures = mkdtempSync(join(tmpdir(), "fbe-tasks-media-"));
  await makeMp4WithMovText(fixtures, "clip.mp4");
  await makeMkvWithSubs(fixtures, "three.mkv");
  await makeSlowVideo(fixtures, "slow.mkv", 30);
});
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

/** A user with execute whose scope is a fresh folder holding copies of the named fixtures, and an open task socket. */
async function worker(files: Record<string, string>) {
  const name = `m${randomBytes(4).toString("hex")}`;
  const dir = join(ctx.server.root, name);
  fillFolder(dir, fixtures, files);
  const user = await makeUser(ctx.server, ctx.admin, { perm: { execute: true }, scope: `/${name}` });
  return { ws: await openTaskSocket(ctx.server, user.token), dir };
}

describe("media tasks over the task connection", () => {
  it("makes a contact sheet beside the video, pushing pending, doing and done with the output path", async () => {
    const { ws, dir } = await worker({ "clip.mp4": "clip.mp4" });
    const t = await queued(ws, {
      Task: "mkthumb",
      TargetPath: "/clip.mp4",
      Params: { width: 160, numcaps: 8, columns: 4, comment: "over the socket" },
    });
    expect(t.Params).toMatchObject({
      width: 160,
      numcaps: 8,
      columns: 4,
      imageFormat: "jpg",
      singleImages: false,
      overwrite: false,
    });
    const done = await waitStatus(ws, t.TaskID, [4, 5]);
    expect(done).toMatchObject({ Status: 4, Message: "/clip.mp4._vthumb_.jpg" });
    expect(ws.statuses(t.TaskID)).toEqual([0, 1, 4]);
    expect(await probeImage(join(dir, "clip.mp4._vthumb_.jpg"))).toEqual({
      width: 640,
      height: 2 * 120 + headerHeight(4, headerFontSize(640)),
      codec: "mjpeg",
    });
    expect(readdirSync(dir).sort()).toEqual(["clip.mp4", "clip.mp4._vthumb_.jpg"]);
    await ws.close();
  });

  it("extracts every text subtitle of the videos in a folder as srt", async () => {
    const { ws, dir } = await worker({ "v/clip.mp4": "clip.mp4", "v/deep/film.mkv": "three.mkv" });
    const t = await queued(ws, { Task: "extract_sub", TargetPath: "/v/", Params: { subFormat: "srt" } });
    const done = await waitStatus(ws, t.TaskID, [4, 5]);
    expect(done.Message.split("\n")).toEqual([
      "/v/clip.eng.srt",
      "/v/deep/film.eng.srt, /v/deep/film.1.srt, /v/deep/film.eng.2.srt",
    ]);
    expect(ws.statuses(t.TaskID)).toEqual([0, 1, 4]);
    for (const f of ["v/clip.eng.srt", "v/deep/film.eng.srt", "v/deep/film.1.srt", "v/deep/film.eng.2.srt"]) {
      const read = await probeSubtitleFile(join(dir, f));
      expect(read.format).toBe("srt");
      expect(read.cues).toHaveLength(2);
    }
    await ws.close();
  });

  it("refuses targets that are not videos or folders with the documented sentences and queues nothing", async () => {
    const { ws } = await worker({ "notes.txt": "text:hello", "song.mp3": "text:x" });
    expect(await refusal(ws, { Task: "mkthumb", TargetPath: "/notes.txt", Params: {} })).toBe(
      "hey man, you can only make thumbnail for video file or directory",
    );
    expect(await refusal(ws, { Task: "extract_sub", TargetPath: "/song.mp3", Params: {} })).toBe(
      "hey man, you can only extract subtitle from video file or directory",
    );
    expect(await refusal(ws, { Task: "mkthumb", TargetPath: "/", Params: { numcaps: 0 } })).toBe(
      "numcaps must be an integer from 1 to 100",
    );
    expect(ws.messages.filter(isTask)).toEqual([]);
    await ws.close();
  });

  it("cancels a long contact sheet: cancelled, ffmpeg killed, no partial output", async () => {
    const { ws, dir } = await worker({ "slow.mkv": "slow.mkv" });
    const video = join(dir, "slow.mkv");
    const t = await queued(ws, { Task: "mkthumb", TargetPath: "/slow.mkv", Params: { numcaps: 32, width: 0 } });
    // Progress is pushed while doing, as a percentage.
    await ws.waitFor((m) => isTask(m) && m.TaskID === t.TaskID && m.Status === 1 && /^\d+%$/.test(m.Message));
    const started = Date.now();
    while (!processesWith(video).some((l) => l.startsWith("ffmpeg"))) {
      if (Date.now() - started > 15_000) throw new Error("ffmpeg never started");
      await Bun.sleep(50);
    }
    await Bun.sleep(300);
    ws.send({ Task: "cancel", Params: { TaskID: t.TaskID } });
    expect((await waitStatus(ws, t.TaskID, [3, 4, 5], 20_000)).Status).toBe(3);
    expect(ws.statuses(t.TaskID)).toEqual([0, 1, 2, 3]);
    expect(processesWith(video)).toEqual([]);
    expect(readdirSync(dir)).toEqual(["slow.mkv"]);
    await ws.close();
  }, 60_000);
});
