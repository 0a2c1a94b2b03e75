import { describe, expect, it } from "bun:test";
import { buildMediaInfoCall } from "../../../src/server/tools/mediainfo";

describe("buildMediaInfoCall", () => {
  it("runs in the file's folder on ./<name>, so the report shows no server folder and no name is an option", () => {
    expect(buildMediaInfoCall("/srv/files/movies/-x.mkv")).toEqual({ args: ["./-x.mkv"], cwd: "/srv/files/movies" });
  });
});
