import { describe, expect, it } from "bun:test";
import { buildMediaInfoCall, reportNamesOtherFiles } from "../../../src/server/tools/mediainfo";

describe("buildMediaInfoCall", () => {
  it("runs in the file's folder on ./<name>, so the report shows no server folder and no name is an option", () => {
    expect(buildMediaInfoCall("/srv/files/movies/-x.mkv")).toEqual({ args: ["--File_TestContinuousFileNames=0", "./-x.mkv"], cwd: "/srv/files/movies" });
  });
});

describe("reportNamesOtherFiles", () => {
  it("is true for a report with a Source field (a followed playlist or reference) and false for a plain one", () => {
    expect(reportNamesOtherFiles("General\nFormat                                   : HLS\n\nVideo\nSource                                   : /b/secret.mp4\n")).toBe(true);
    expect(reportNamesOtherFiles("General\nComplete name                            : ./a.mp4\nTrack name/Source                        : x\n")).toBe(false);
  });
});
