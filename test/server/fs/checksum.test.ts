import { describe, expect, it } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileChecksum, parseChecksumAlgorithm } from "../../../src/server/fs/checksum";

describe("checksums", () => {
  it("accepts md5, sha1, sha256 and sha512 in any case and refuses others", () => {
    expect(parseChecksumAlgorithm("MD5")).toBe("md5");
    expect(parseChecksumAlgorithm("sha512")).toBe("sha512");
    expect(() => parseChecksumAlgorithm("crc32")).toThrow(
      "400 Bad Request (checksum must be one of md5, sha1, sha256, sha512)",
    );
  });

  it("hashes a file spanning several read chunks like a one-shot hash", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-sum-"));
    const data = Buffer.alloc(1_300_000, 0).map((_, i) => (i * 31) & 255);
    writeFileSync(join(dir, "f.bin"), data);
    const expected = createHash("sha256").update(data).digest("hex");
    try {
      expect(await fileChecksum(join(dir, "f.bin"), "sha256", new AbortController().signal)).toBe(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
