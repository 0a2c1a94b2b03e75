import { describe, expect, it } from "bun:test";
import { holdsDownload, previewAccess } from "../../../../src/ui/components/preview/preview-access";
import type { PreviewKind } from "../../../../src/ui/components/preview/preview-kind";

const MIB = 1024 * 1024;
const access = (
  kind: PreviewKind,
  canDownload: boolean,
  extra: { size?: number; hasContent?: boolean; hlsOffered?: boolean } = {},
) =>
  previewAccess(
    { kind, size: extra.size ?? 1000, hasContent: extra.hasContent ?? false },
    { canDownload, hlsOffered: extra.hlsOffered ?? true },
  );

describe("who holds the download permission", () => {
  it("is a user with download or an admin, never a missing user", () => {
    expect(holdsDownload({ perm: { admin: false, download: true } })).toBe(true);
    expect(holdsDownload({ perm: { admin: true, download: false } })).toBe(true);
    expect(holdsDownload({ perm: { admin: false, download: false } })).toBe(false);
    expect(holdsDownload(null)).toBe(false);
  });
});

describe('what the preview shows a user without download (docs/security.md "Download permission")', () => {
  it("shows every view as usual to a user with download", () => {
    for (const kind of [
      "image",
      "video",
      "audio",
      "pdf",
      "nfo",
      "markdown",
      "archive",
      "torrent",
      "firmware",
      "text",
      "download",
    ] as const) {
      expect(access(kind, true, { size: 50 * MIB, hlsOffered: false })).toBe("full");
    }
  });

  it("keeps images, texts and the fallback card, which the server answers without the file's bytes", () => {
    expect(access("image", false)).toBe("full");
    expect(access("text", false, { hasContent: true })).toBe("full");
    expect(access("download", false)).toBe("full");
  });

  it("plays a video from HLS when HLS is offered, and needs download when the settings turn HLS off", () => {
    expect(access("video", false)).toBe("hls");
    expect(access("video", false, { hlsOffered: false })).toBe("needsDownload");
  });

  it("needs download for the views that play, embed or probe the file itself", () => {
    for (const kind of ["audio", "pdf", "archive", "torrent", "firmware"] as const)
      expect(access(kind, false)).toBe("needsDownload");
  });

  it("shows an nfo under 5 MiB and needs download from 5 MiB on", () => {
    expect(access("nfo", false, { size: 5 * MIB - 1 })).toBe("full");
    expect(access("nfo", false, { size: 5 * MIB })).toBe("needsDownload");
  });

  it("shows a markdown file's text when the server sent it, and needs download otherwise", () => {
    expect(access("markdown", false, { hasContent: true })).toBe("full");
    expect(access("markdown", false, { hasContent: false, size: 6 * MIB })).toBe("needsDownload");
  });
});
