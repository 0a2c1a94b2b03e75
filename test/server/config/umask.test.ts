import { describe, expect, it } from "bun:test";
import { DEFAULT_UMASK, umaskFromEnv } from "../../../src/server/config/umask";

describe("FBE_UMASK", () => {
  it("defaults to 027 and reads octal masks in their usual spellings", () => {
    expect(umaskFromEnv({})).toBe(DEFAULT_UMASK);
    expect(DEFAULT_UMASK).toBe(0o027);
    expect(umaskFromEnv({ FBE_UMASK: "" })).toBe(0o027);
    expect(umaskFromEnv({ FBE_UMASK: "022" })).toBe(0o022);
    expect(umaskFromEnv({ FBE_UMASK: "0077" })).toBe(0o077);
    expect(umaskFromEnv({ FBE_UMASK: "0o007" })).toBe(0o007);
  });
  it("refuses what is not an octal mask, naming the variable", () => {
    for (const bad of ["8", "abc", "1777", "-1", "0x1f", "27 7"])
      expect(() => umaskFromEnv({ FBE_UMASK: bad })).toThrow("FBE_UMASK");
  });
});
