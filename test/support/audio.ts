/**
 * @module Tiny tagged audio files made with ffmpeg's sine source for the metadata tests: an mp3 whose tags ffmpeg
 * writes as ID3v2 frames and a FLAC whose tags it writes as Vorbis comments.
 */
import { join } from "node:path";
import { ffmpeg } from "./media";

/** The tags every generated audio file carries. */
export const AUDIO_TAGS = {
  title: "Test Tone",
  album: "Generated Album",
  artist: "The Sine Waves",
  genre: "Ambient",
  track: "3",
  date: "2021",
} as const;

const tagArgs = (upper = false) =>
  Object.entries(AUDIO_TAGS).flatMap(([k, v]) => {
    // Vorbis comment names are case-insensitive; taggers write them in upper case, TRACKNUMBER for the track.
    const key = upper ? (k === "track" ? "TRACKNUMBER" : k.toUpperCase()) : k;
    return ["-metadata", `${key}=${v}`];
  });

/** A 1 s mono 44.1 kHz mp3 (libmp3lame, 64 kbit/s) with AUDIO_TAGS as ID3v2 frames. */
export async function makeTaggedMp3(dir: string, name = "tone.mp3"): Promise<string> {
  const out = join(dir, name);
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=1",
    "-ac",
    "1",
    "-ar",
    "44100",
    "-c:a",
    "libmp3lame",
    "-b:a",
    "64k",
    ...tagArgs(),
    "-id3v2_version",
    "3",
    out,
  ]);
  return out;
}

/** A 1 s stereo 48 kHz FLAC with AUDIO_TAGS as upper-case Vorbis comments (TITLE=..., TRACKNUMBER=...). */
export async function makeTaggedFlac(dir: string, name = "tone.flac"): Promise<string> {
  const out = join(dir, name);
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=1",
    "-ac",
    "2",
    "-ar",
    "48000",
    "-c:a",
    "flac",
    ...tagArgs(true),
    out,
  ]);
  return out;
}
