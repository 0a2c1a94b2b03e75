/**
 * @module The H.264 encoders ffmpeg offers and whether one really works here (About's hardware acceleration):
 * pure builders and parser, and the runners, part of the ffmpeg wrapper (only src/server/tools runs external tools).
 */
import { runTool } from "./run-tool";

/** Hardware H.264 encoders tried in order (NVIDIA, VA-API for Intel and AMD, Intel Quick Sync), then the software one. */
export const HARDWARE_H264_ENCODERS = ["h264_nvenc", "h264_vaapi", "h264_qsv"] as const;
export type HardwareEncoder = (typeof HARDWARE_H264_ENCODERS)[number];
export const SOFTWARE_H264_ENCODER = "libx264";

/** Arguments listing every encoder (`ffmpeg -hide_banner -encoders`). */
export function buildEncoderListArgs(): string[] {
  return ["-hide_banner", "-nostdin", "-encoders"];
}

/**
 * The encoder names of `ffmpeg -encoders` output: lines like " V....D libx264  libx264 H.264 ..." after the
 * "------" separator (six capability letters or dots, then the name).
 */
export function parseEncoderList(text: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === "------") + 1;
  return lines.slice(start).flatMap((line) => {
    const m = /^\s*[VAS.][F.][S.][X.][B.][D.]\s+(\S+)/.exec(line);
    return m ? [m[1]!] : [];
  });
}

/** Uploads software frames to the VA-API device for h264_vaapi (ffmpeg wiki "Hardware/VAAPI"). */
const UPLOAD: Record<HardwareEncoder, string[]> = {
  h264_nvenc: ["-pix_fmt", "yuv420p"],
  h264_vaapi: ["-vf", "format=nv12,hwupload"],
  h264_qsv: ["-vf", "format=nv12"],
};

/**
 * A one-frame test encode with `encoder` to the null muxer: listing an encoder only says ffmpeg was built with it;
 * opening it fails without the driver or device. `vaapiDevice` is the render node h264_vaapi needs.
 */
export function buildEncoderTestArgs(encoder: HardwareEncoder, vaapiDevice: string): string[] {
  const device = encoder === "h264_vaapi" ? ["-vaapi_device", vaapiDevice] : [];
  return [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    "error",
    ...device,
    "-f",
    "lavfi",
    "-i",
    "color=black:s=256x256:d=0.04",
    "-frames:v",
    "1",
    ...UPLOAD[encoder],
    "-c:v",
    encoder,
    "-f",
    "null",
    "-",
  ];
}

/**
 * Runs `ffmpeg -encoders` and answers the encoder names.
 * @throws ToolFailed when ffmpeg fails; ToolAborted when `signal` aborts.
 */
export async function runEncoderList(signal: AbortSignal): Promise<string[]> {
  // Whole chunks, decoded once: the list is parsed as one text, so no byte-by-byte line splitting runs at start-up.
  const chunks: Uint8Array[] = [];
  await runTool({ cmd: "ffmpeg", args: buildEncoderListArgs(), signal, onStdoutChunk: (c) => chunks.push(c) });
  return parseEncoderList(Buffer.concat(chunks).toString("utf8"));
}

/** Runs a test encode (buildEncoderTestArgs); true when it succeeded within `timeoutMs`. */
export async function runEncoderTest(args: readonly string[], timeoutMs: number): Promise<boolean> {
  return runTool({ cmd: "ffmpeg", args, signal: new AbortController().signal, timeoutMs }).then(
    () => true,
    () => false,
  );
}
