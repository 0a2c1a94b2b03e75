import { describe, expect, it } from "bun:test";
import { negotiateEncoding } from "../../../../src/server/routes/request/accept-encoding";

const BOTH = ["br", "gzip"] as const;

describe("negotiateEncoding", () => {
  it("prefers brotli when the client accepts both at the same quality, whatever the header order", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd", BOTH)).toBe("br");
    expect(negotiateEncoding("br, gzip", BOTH)).toBe("br");
    expect(negotiateEncoding("BR", BOTH)).toBe("br");
  });

  it("follows the client's q-values over the server's order", () => {
    expect(negotiateEncoding("gzip;q=1, br;q=0.5", BOTH)).toBe("gzip");
    expect(negotiateEncoding("br;q=0.2, gzip;q=0.8", BOTH)).toBe("gzip");
    expect(negotiateEncoding("br;q=0.9, gzip;q=0.8", BOTH)).toBe("br");
  });

  it("treats q=0 as a refusal", () => {
    expect(negotiateEncoding("br;q=0, gzip", BOTH)).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0", BOTH)).toBe("identity");
    expect(negotiateEncoding("*;q=0", BOTH)).toBe("identity");
  });

  it("lets * stand for the codings the header does not name", () => {
    expect(negotiateEncoding("*", BOTH)).toBe("br");
    expect(negotiateEncoding("br;q=0, *", BOTH)).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0.5, *;q=0.1", BOTH)).toBe("gzip");
  });

  it("answers identity for no header, identity only, or only unknown codings", () => {
    expect(negotiateEncoding(undefined, BOTH)).toBe("identity");
    expect(negotiateEncoding("", BOTH)).toBe("identity");
    expect(negotiateEncoding("identity", BOTH)).toBe("identity");
    expect(negotiateEncoding("deflate, zstd", BOTH)).toBe("identity");
  });

  it("sends identity when the client rates it above every coding", () => {
    expect(negotiateEncoding("identity;q=1, br;q=0.5", BOTH)).toBe("identity");
    expect(negotiateEncoding("identity;q=0.5, br", BOTH)).toBe("br");
  });

  it("chooses only among the codings available for the body, and reads x-gzip as gzip", () => {
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBe("identity");
    expect(negotiateEncoding("x-gzip", BOTH)).toBe("gzip");
    expect(negotiateEncoding("br, gzip", [])).toBe("identity");
  });
});
