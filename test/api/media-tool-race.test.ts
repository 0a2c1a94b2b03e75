/**
 * Media tools on a file whose folder is swapped for a link out of the scope while they start
 * (docs/security.md "Paths and races"): the tool reads the file opened beneath the scope at the check, or nothing.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeUser } from "../support/factories";
import { ffmpeg, requireMediaTools } from "../support/media";

const BUN = fileURLToPath(new URL("../../node_modules/.bin/bun", import.meta.url));
/** The title of the other user's song; no answer to bob may carry it. */
const OTHERS_TITLE = "OTHER-USERS-SONG-4711";

/**
 * Turns `<scope>/a` into the link `<scope>/out` and back with plain renames until `deadline` (ms since the epoch):
 * `a` is in turn the real folder, missing, and the link out of the scope.
 */
const FLIPPER = `
const { renameSync } = require("node:fs");
const [scope, deadline] = process.argv.slice(-2);
const p = (n) => scope + "/" + n;
while (Date.now() < Number(deadline)) {
  renameSync(p("a"), p("real"));
  renameSync(p("out"), p("a"));
  renameSync(p("a"), p("out"));
  renameSync(p("real"), p("a"));
}
`;

const ctx = serverInProcess();
let token: string;

beforeAll(async () => {
  requireMediaTools();
  const scope = join(ctx.server.root, "bob");
  mkdirSync(join(scope, "a"), { recursive: true });
  mkdirSync(join(ctx.server.root, "other"), { recursive: true });
  const song = (dir: string, title: string) =>
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=1",
      "-c:a",
      "libmp3lame",
      "-metadata",
      `title=${title}`,
      join(dir, "song.mp3"),
    ]);
  await song(join(scope, "a"), "bobs-own-song");
  await song(join(ctx.server.root, "other"), OTHERS_TITLE);
  symlinkSync(join(ctx.server.root, "other"), join(scope, "out"));
  const perm = {
    create: true,
    rename: true,
    modify: true,
    delete: true,
    download: true,
    share: false,
    execute: false,
    admin: false,
  };
  token = (await makeUser(ctx.server, ctx.admin, { scope: "/bob", perm })).token;
});

describe("a media tool started while the file's folder is swapped for a link out of the scope", () => {
  it("reads bob's own file or answers an error, never another user's file, for ?probe=yes and ?mediaInfo=yes", async () => {
    const until = Date.now() + 3_000;
    const flipper = Bun.spawn([BUN, "-e", FLIPPER, join(ctx.server.root, "bob"), String(until)], {
      stdout: "ignore",
      stderr: "inherit",
    });
    const seen = { requests: 0, ok: 0, leaks: 0 };
    const loop = async (query: string) => {
      while (Date.now() < until) {
        const res = await fetch(`${ctx.server.url}/api/resources/a/song.mp3?${query}`, {
          headers: { "X-Auth": token },
        });
        const body = await res.text();
        seen.requests++;
        if (res.status === 200) seen.ok++;
        if (body.includes(OTHERS_TITLE)) seen.leaks++;
      }
    };
    await Promise.all([loop("probe=yes"), loop("mediaInfo=yes"), loop("probe=yes")]);
    expect(await flipper.exited).toBe(0);
    console.log(`media tool race: ${JSON.stringify(seen)}`);
    expect(seen.requests).toBeGreaterThan(20);
    expect(seen.ok).toBeGreaterThan(0);
    expect(seen.leaks).toBe(0);
  }, 30_000);
});
