import { describe, expect, it } from "bun:test";
import { qualityDir, segmentNumberOf, segmentPath, sourceKey } from "../../../src/server/hls/segment-cache";

describe("the HLS segment cache layout", () => {
  it("keys a source by path, size and mtime", () => {
    const k = sourceKey("/a.mp4", { size: 10, mtimeMs: 1 });
    expect(k).toMatch(/^[0-9a-f]{40}$/);
    expect(sourceKey("/a.mp4", { size: 10, mtimeMs: 2 })).not.toBe(k);
    expect(sourceKey("/a.mp4", { size: 11, mtimeMs: 1 })).not.toBe(k);
    expect(segmentPath(qualityDir("/c", k, "720-2"), 3)).toBe(`/c/hls/${k}/720-2/seg-3.ts`);
  });

  it("reads segment numbers back from the muxer's file names only", () => {
    expect(segmentNumberOf("seg-12.ts")).toBe(12);
    expect(segmentNumberOf("seg-12.ts.tmp")).toBeNull();
    expect(segmentNumberOf(".work-1")).toBeNull();
  });
});
