import { beforeAll, describe, expect, it } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser } from "../support/factories";
import { makeVideo, requireMediaTools } from "../support/media";
import { makeTaggedMp3 } from "../support/audio";
import { isToolAvailable } from "../../src/server/tools/available";

const ctx = serverInProcess();

beforeAll(async () => {
  requireMediaTools();
  if (!isToolAvailable("mediainfo"))
    throw new Error("mediainfo is not installed: these tests need it (npm test installs it)");
  await makeVideo(ctx.server.root, "-clip.mp4");
  await makeTaggedMp3(ctx.server.root, "tone.mp3");
  writeFileSync(join(ctx.server.root, "notes.txt"), "not media");
});

/** mediainfo's own report of `name`, run by hand in the files root the way a user would. */
function byHand(name: string): string {
  const r = Bun.spawnSync(["mediainfo", `./${name}`], { cwd: ctx.server.root, stdout: "pipe" });
  return r.stdout.toString();
}

const mediaInfo = (token: string, path: string) => call(ctx.server, token, "GET", `/resources${path}?mediaInfo=yes`);

describe("GET /api/resources/{path}?mediaInfo=yes", () => {
  it("answers the resource with mediainfo's whole text report of a video in content, sections and all", async () => {
    const res = await mediaInfo(ctx.admin, "/-clip.mp4");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; type: string; content: string };
    expect([body.name, body.type]).toEqual(["-clip.mp4", "video"]);
    expect(body.content).toBe(byHand("-clip.mp4"));
    expect(body.content).toMatch(/^General\n/);
    expect(body.content).toContain("\n\nVideo\n");
    expect(body.content).toContain("\n\nAudio\n");
    expect(body.content).toMatch(/Complete name\s+: \.\/-clip\.mp4\n/);
    expect(body.content).toMatch(/Width\s+: 320 pixels/);
    expect(body.content).not.toContain(ctx.server.root);
  });

  it("reports an audio file, including its ID3 tags", async () => {
    const res = await mediaInfo(ctx.admin, "/tone.mp3");
    expect(res.status).toBe(200);
    const { content } = (await res.json()) as { content: string };
    expect(content).toBe(byHand("tone.mp3"));
    expect(content).toMatch(/Track name\s+: Test Tone/);
    expect(content).toMatch(/Format\s+: MPEG Audio/);
  });

  it("refuses other types with the documented sentence", async () => {
    const res = await mediaInfo(ctx.admin, "/notes.txt");
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("400 Bad Request (mediainfo is only for video or audio file)");
  });

  it("needs the download permission", async () => {
    const viewer = await makeUser(ctx.server, ctx.admin, { perm: { create: true } });
    expect((await mediaInfo(viewer.token, "/tone.mp3")).status).toBe(403);
    const downloader = await makeUser(ctx.server, ctx.admin, { perm: { download: true } });
    expect((await mediaInfo(downloader.token, "/tone.mp3")).status).toBe(200);
  });
});
