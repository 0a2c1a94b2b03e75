import { describe, expect, it } from "bun:test";
import { parseUImage } from "../../../src/server/media/uimage-format";
import { buildAsusUImage } from "../../support/trx";

describe("parseUImage", () => {
  it("reads an ASUS image's versions and product id from ih_name, with time, data size and both CRCs", () => {
    const bytes = buildAsusUImage({
      createdS: 1_700_000_000,
      productId: "RT-AX53U",
      versions: [3, 0, 0, 6],
      payloadBytes: 100,
    });
    const h = parseUImage(bytes)!;
    expect(h).toMatchObject({ createdS: 1_700_000_000, name: "", dataBytes: 100, headerCrcValid: true });
    expect(h.asus).toEqual({ productId: "RT-AX53U", kernelVersion: "3.0", fsVersion: "0.6" });
    bytes[40] ^= 1;
    expect(parseUImage(bytes)!.headerCrcValid).toBe(false);
  });

  it("keeps a plain ih_name as the image name, and reads nothing without the magic", () => {
    const bytes = buildAsusUImage({ createdS: 1, productId: "", versions: [0, 0, 0, 0], payloadBytes: 0 });
    bytes.fill(0, 32);
    bytes.set(new TextEncoder().encode("Linux Kernel Image"), 32);
    expect(parseUImage(bytes)).toMatchObject({ name: "Linux Kernel Image", asus: null });
    expect(parseUImage(new Uint8Array(64))).toBeNull();
  });
});
