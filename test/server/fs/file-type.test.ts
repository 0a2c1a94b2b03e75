import { describe, expect, it } from "bun:test";
import { typeFromHead, typeFromName, mimeTypeOf, extensionOf } from "../../../src/server/fs/file-type";

describe("typeFromName", () => {
  it("knows every contract type by extension", () => {
    const cases: Record<string, string> = {
      "a.mkv": "video",
      "a.MP4": "video",
      "a.flac": "audio",
      "a.mp3": "audio",
      "a.heic": "image",
      "a.svg": "image",
      "a.ts": "text",
      "a.go": "text",
      "a.nfo": "text",
      "Dockerfile.dockerfile": "text",
      "a.pdf": "document",
      "a.xlsx": "document",
      "a.tar.gz": "archive",
      "a.7z": "archive",
      "a.woff2": "font",
      ".env": "text",
    };
    for (const [name, type] of Object.entries(cases)) expect(`${name}:${typeFromName(name)}`).toBe(`${name}:${type}`);
  });

  it("says nothing for unknown names", () => {
    expect(typeFromName("LICENSE")).toBeNull();
    expect(typeFromName("x.unknownext")).toBeNull();
  });
});

describe("typeFromHead", () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  it("recognises magic numbers", () => {
    expect(typeFromHead(new TextEncoder().encode("%PDF-1.7"))).toBe("document");
    expect(typeFromHead(bytes(0x50, 0x4b, 3, 4))).toBe("archive");
    expect(typeFromHead(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image");
    expect(typeFromHead(bytes(0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70))).toBe("video");
  });

  it("tells UTF-8 text from binary, tolerating a character cut at the end of the head", () => {
    expect(typeFromHead(new TextEncoder().encode("plain words"))).toBe("text");
    const cut = new TextEncoder().encode("héllo ü").subarray(0, 8);
    expect(typeFromHead(cut)).toBe("text");
    expect(typeFromHead(bytes(1, 2, 0, 4))).toBe("blob");
    expect(typeFromHead(bytes(0xc3, 0x28, 0x41, 0x42))).toBe("blob");
  });
});

describe("mimeTypeOf / extensionOf", () => {
  it("gives standard MIME types and lower-case extensions with the dot", () => {
    expect(mimeTypeOf("a.mp4")).toBe("video/mp4");
    expect(mimeTypeOf("a.unknownext")).toBe("application/octet-stream");
    expect(extensionOf("Movie.MKV")).toBe(".mkv");
    expect(extensionOf("README")).toBe("");
  });
});
