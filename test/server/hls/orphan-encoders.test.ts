import { describe, expect, it } from "bun:test";
import { workDirOwner } from "../../../src/server/hls/orphan-encoders";

describe("workDirOwner", () => {
  it("reads the server pid from an encoder's output in a work folder of this cache only", () => {
    expect(workDirOwner("file:/c/hls/abc/720-2/.work-4242-7/seg-%d.ts", "/c/hls")).toBe(4242);
    expect(workDirOwner("file:/other/hls/abc/720-2/.work-4242-7/seg-%d.ts", "/c/hls")).toBeNull();
    expect(workDirOwner("file:/c/hls/abc/720-2/seg-%d.ts", "/c/hls")).toBeNull();
    expect(workDirOwner("-preset", "/c/hls")).toBeNull();
  });
});
