import { describe, expect, it } from "bun:test";
import { archiveUrl, externalLink } from "../../../src/ui/api/urls";
import { transferQuery } from "../../../src/ui/api/resource-actions";

describe("download and link URLs", () => {
  it("downloads a folder as /api/raw{dir}/?algo=", () => {
    expect(archiveUrl(["/my docs"], "tar.gz", "T")).toBe("/api/raw/my%20docs/?algo=tar.gz&auth=T");
  });

  it("downloads several items with files= (each path encoded, joined by commas, encoded again)", () => {
    const url = archiveUrl(["/a,b.txt", "/dir/"], "zip", "T");
    expect(url).toBe(`/api/raw/?files=${encodeURIComponent("/a%2Cb.txt,/dir/")}&algo=zip&auth=T`);
  });

  it("builds the external link with origin, auth and inline", () => {
    expect(externalLink("/v/clip #1.mp4", "T", "http://h:1")).toBe(
      "http://h:1/api/raw/v/clip%20%231.mp4?auth=T&inline=true",
    );
  });

  it("sends the destination encoded per segment and again as a query value, with the conflict flag", () => {
    expect(transferQuery("rename", "/a b/%.txt", "fail")).toBe(
      `action=rename&destination=${encodeURIComponent("/a%20b/%25.txt")}`,
    );
    expect(transferQuery("copy", "/x", "override")).toBe("action=copy&destination=%2Fx&override=true");
    expect(transferQuery("copy", "/x", "rename")).toBe("action=copy&destination=%2Fx&rename=true");
  });
});
