import { describe, expect, it } from "bun:test";
import {
  publicArchiveUrl,
  publicDownloadUrl,
  publicInlineUrl,
  publicThumbnailUrl,
  shareLinkUrl,
} from "../../../src/ui/api/public-urls";

describe("public share URLs", () => {
  it("downloads the shared item itself, or a path inside a shared folder encoded per segment", () => {
    expect(publicDownloadUrl("h1")).toBe("/api/public/dl/h1");
    expect(publicDownloadUrl("h1", "/a b/#1.txt")).toBe("/api/public/dl/h1/a%20b/%231.txt");
  });

  it("asks for inline media and thumbnails with their queries, with no token while the tab holds none", () => {
    expect(publicInlineUrl("h1", "/v.mp4")).toBe("/api/public/dl/h1/v.mp4?inline=true");
    expect(publicThumbnailUrl("h1", "/p.jpg", 128)).toBe("/api/public/dl/h1/p.jpg?thumb=true&w=128&inline=true");
    expect(publicInlineUrl("h1", "/v.mp4")).not.toContain("auth=");
  });

  it("downloads a folder as an archive of the folder path with its trailing slash", () => {
    expect(publicArchiveUrl("h1")).toBe("/api/public/dl/h1/?algo=zip");
    expect(publicArchiveUrl("h1", "/sub dir", "tar.gz")).toBe("/api/public/dl/h1/sub%20dir/?algo=tar.gz");
  });

  it("builds the full page link the QR code holds: origin, base URL, /share/{hash}", () => {
    expect(shareLinkUrl("https://files.example", "/app", "h1")).toBe("https://files.example/app/share/h1");
    expect(shareLinkUrl("http://127.0.0.1:8080", "", "h1")).toBe("http://127.0.0.1:8080/share/h1");
  });
});
