/**
 * @module The H.264 encoder this server would use for video (About's hardware acceleration status, docs/product.md
 * "About"): the first hardware encoder that ffmpeg lists and that encodes a test frame, else libx264. Probed once, on
 * first use, and remembered for the life of the process.
 */
import { existsSync } from "node:fs";
import { isToolAvailable } from "../tools/available";
import {
  HARDWARE_H264_ENCODERS,
  SOFTWARE_H264_ENCODER,
  buildEncoderTestArgs,
  runEncoderList,
  runEncoderTest,
} from "../tools/ffmpeg-encoders";
import { VAAPI_DEVICE } from "../constants";

/** About's encoder probe: each ffmpeg run (the encoder list, one test frame) is given up on after this many ms. */
const ENCODER_TEST_TIMEOUT_MS = 10_000;

/** What About shows when ffmpeg is not installed. */
export const NO_VIDEO_ENCODER = "none";

let probe: Promise<string> | null = null;

async function detect(): Promise<string> {
  if (!isToolAvailable("ffmpeg")) return NO_VIDEO_ENCODER;
  const listed = new Set(
    await runEncoderList(AbortSignal.timeout(ENCODER_TEST_TIMEOUT_MS)).catch(() => [] as string[]),
  );
  for (const encoder of HARDWARE_H264_ENCODERS) {
    if (!listed.has(encoder)) continue;
    if (encoder === "h264_vaapi" && !existsSync(VAAPI_DEVICE)) continue;
    if (await runEncoderTest(buildEncoderTestArgs(encoder, VAAPI_DEVICE), ENCODER_TEST_TIMEOUT_MS)) return encoder;
  }
  return listed.has(SOFTWARE_H264_ENCODER) ? SOFTWARE_H264_ENCODER : NO_VIDEO_ENCODER;
}

/**
 * The encoder name ("h264_nvenc", "h264_vaapi", "h264_qsv", "libx264", or "none" without ffmpeg or any H.264
 * encoder). The first call starts the probe (a few short ffmpeg runs); later calls share its answer. Never throws.
 */
export function videoEncoder(): Promise<string> {
  probe ??= detect().catch(() => NO_VIDEO_ENCODER);
  return probe;
}

/** What About shows while the probe is still running when a page is rendered. */
export const VIDEO_ENCODER_PROBING = "probing";

/**
 * The encoder when the probe answers within `waitMs`, else VIDEO_ENCODER_PROBING: a page render never waits long
 * for a slow or hanging hardware driver. serve.ts starts the probe at boot, so it is normally done by the first page.
 */
export function videoEncoderWithin(waitMs: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(VIDEO_ENCODER_PROBING), waitMs)));
  return Promise.race([videoEncoder(), late]).finally(() => clearTimeout(timer));
}
