import { describe, expect, it } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildMediaInfoCall, reportNamesOtherFiles } from "../../../src/server/tools/mediainfo";
import { isToolAvailable } from "../../../src/server/tools/available";
import { makeVideo } from "../../support/media";

describe("buildMediaInfoCall", () => {
  it("runs in the file's folder on ./<name>, so the report shows no server folder and no name is an option", () => {
    expect(buildMediaInfoCall("/srv/files/movies/-x.mkv")).toEqual({
      args: ["--File_TestContinuousFileNames=0", "./-x.mkv"],
      cwd: "/srv/files/movies",
    });
  });
});

describe("reportNamesOtherFiles", () => {
  it("is true for a report with a Source field (a followed playlist or reference) and false for a plain one", () => {
    expect(
      reportNamesOtherFiles(
        "General\nFormat                                   : HLS\n\nVideo\nSource                                   : /b/secret.mp4\n",
      ),
    ).toBe(true);
    expect(
      reportNamesOtherFiles(
        "General\nComplete name                            : ./a.mp4\nTrack name/Source                        : x\n",
      ),
    ).toBe(false);
  });

  it("catches what the real mediainfo prints for a playlist naming another file, and passes a real video", async () => {
    if (!isToolAvailable("mediainfo"))
      throw new Error("mediainfo is not installed: this test needs it (npm test installs it)");
    const dir = mkdtempSync(join(tmpdir(), "fbe-mediainfo-"));
    await makeVideo(dir, "other.mp4", 1, "64x48");
    writeFileSync(
      join(dir, "pl.mp4"),
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${join(dir, "other.mp4")}\n#EXT-X-ENDLIST\n`,
    );
    const report = (name: string) => {
      const { args, cwd } = buildMediaInfoCall(join(dir, name));
      return Bun.spawnSync(["mediainfo", ...args], { cwd, stdout: "pipe" }).stdout.toString();
    };
    const followed = report("pl.mp4");
    expect(followed).toContain(join(dir, "other.mp4"));
    expect(reportNamesOtherFiles(followed)).toBe(true);
    expect(reportNamesOtherFiles(report("other.mp4"))).toBe(false);
  });
});
