import { describe, expect, it } from "bun:test";
import { buildCompressorArgs, COMPRESSOR_TOOLS } from "../../../src/server/tools/compressors";
import { missingTools } from "../../../src/server/tools/available";

describe("compressor argument builders", () => {
  it("makes each tool write to stdout, xz on all cores at preset 1", () => {
    expect(buildCompressorArgs("bzip2")).toEqual(["-c"]);
    expect(buildCompressorArgs("xz")).toEqual(["-c", "-T0", "-1"]);
    expect(buildCompressorArgs("lz4")).toEqual(["-c"]);
    for (const tool of COMPRESSOR_TOOLS) expect(buildCompressorArgs(tool)).toContain("-c");
  });

  it("names the tools that are not on PATH", () => {
    expect(missingTools(["sh", "fbe-no-such-tool"])).toEqual(["fbe-no-such-tool"]);
  });
});
