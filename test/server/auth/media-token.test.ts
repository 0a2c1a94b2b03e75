import { describe, expect, it } from "bun:test";
import { isUnderPrefix, mediaTokenExpiry } from "../../../src/server/auth/media-token";

describe("isUnderPrefix", () => {
  it("lets a folder prefix cover the folder and what is below it, and nothing beside it", () => {
    expect(isUnderPrefix("/a", "/a/")).toBe(true);
    expect(isUnderPrefix("/a/b/c.mp4", "/a/")).toBe(true);
    expect(isUnderPrefix("/ab", "/a/")).toBe(false);
    expect(isUnderPrefix("/", "/a/")).toBe(false);
    expect(isUnderPrefix("/anything", "/")).toBe(true);
  });
  it("lets a file prefix cover exactly that file", () => {
    expect(isUnderPrefix("/a/m.mkv", "/a/m.mkv")).toBe(true);
    expect(isUnderPrefix("/a/m.mkv.srt", "/a/m.mkv")).toBe(false);
    expect(isUnderPrefix("/a", "/a/m.mkv")).toBe(false);
  });
});

describe("mediaTokenExpiry", () => {
  it("lies 4 to 5 hours ahead on a whole hour, the same for every moment of one hour", () => {
    const base = 1_800_000_000 - (1_800_000_000 % 3600);
    expect(mediaTokenExpiry(base + 1)).toBe(mediaTokenExpiry(base + 3599));
    expect(mediaTokenExpiry(base + 1) % 3600).toBe(0);
    expect(mediaTokenExpiry(base + 1) - (base + 1)).toBeGreaterThanOrEqual(4 * 3600);
    expect(mediaTokenExpiry(base + 1) - (base + 1)).toBeLessThan(5 * 3600);
  });
});
