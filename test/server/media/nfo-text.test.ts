import { describe, expect, it } from "bun:test";
import { decodeNfo } from "../../../src/server/media/nfo-text";

describe("decodeNfo", () => {
  it("reads valid UTF-8 as UTF-8 and anything else as CP437", () => {
    expect(decodeNfo(new TextEncoder().encode("╔═╗ ok"))).toBe("╔═╗ ok");
    expect(decodeNfo(Uint8Array.from([0xdb, 0xdf, 0x20, 0xc4, 0xb3]))).toBe("█▀ ─│");
  });

  it("takes plain ASCII the same either way", () => {
    expect(decodeNfo(new TextEncoder().encode("Release: x\r\n"))).toBe("Release: x\r\n");
  });
});
