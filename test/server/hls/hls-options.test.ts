import { describe, expect, it } from "bun:test";
import { HLS_MAX_ENCODERS_CAP, hlsOptionsOf } from "../../../src/server/hls/hls-options";
import { HLS_ENCODER_IDLE_MS } from "../../../src/server/config/flags";
import { loadConfig } from "../../../src/server/config/load";

describe("hlsOptionsOf", () => {
  it("bounds encoders by the cores, capped, and takes the idle time and debug switch from the environment", () => {
    expect(hlsOptionsOf(loadConfig([], {}, "/"), 2)).toMatchObject({
      maxEncoders: 2,
      idleMs: HLS_ENCODER_IDLE_MS,
      debugHeader: false,
      segmentS: 4,
    });
    expect(hlsOptionsOf(loadConfig([], {}, "/"), 64).maxEncoders).toBe(HLS_MAX_ENCODERS_CAP);
    expect(hlsOptionsOf(loadConfig([], {}, "/"), 1).maxEncoders).toBe(1);
    expect(hlsOptionsOf(loadConfig([], { FBE_HLS_IDLE_MS: "1500", FBE_HLS_DEBUG: "1" }, "/"), 2)).toMatchObject({
      idleMs: 1500,
      debugHeader: true,
    });
    expect(hlsOptionsOf(loadConfig([], { FBE_HLS_IDLE_MS: "soon" }, "/"), 2).idleMs).toBe(HLS_ENCODER_IDLE_MS);
  });
});
