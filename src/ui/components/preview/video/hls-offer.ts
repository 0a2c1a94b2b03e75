/**
 * @module Playback from HLS alone, for a user who may not receive the video file itself (docs/security.md
 * "Download permission"): the qualities the server's master playlist offers, and the plan starting on one of them.
 * Pure.
 */
import { clampQuality, parseRes, VIDEO_QUALITIES } from "../../../../shared/wire/video";
import type { PlaybackPlan } from "./playback-plan";

/**
 * The indexes of VIDEO_QUALITIES named by the variant URIs of a master playlist (`./name?auth=…&res=720-2`), in
 * the playlist's order without repeats; lines that are tags, blank or name no known quality are skipped.
 */
export function offeredFromMaster(playlist: string): number[] {
  const offered: number[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const query = line.includes("?") ? line.slice(line.indexOf("?") + 1) : "";
    const quality = parseRes(new URLSearchParams(query).get("res"));
    const index = quality ? VIDEO_QUALITIES.indexOf(quality) : -1;
    if (index > 0 && !offered.includes(index)) offered.push(index);
  }
  return offered;
}

/**
 * The plan of a player offering only the transcoded qualities `offered` (never 0, the original file), starting on
 * the `quality` setting clamped to them (the normal setting starts on the best one); null when none is offered.
 */
export function planHlsOnly(offered: readonly number[], quality: number): PlaybackPlan | null {
  const transcoded = [...offered]
    .filter((i) => VIDEO_QUALITIES[i] !== null && VIDEO_QUALITIES[i] !== undefined)
    .sort((a, b) => a - b);
  if (transcoded.length === 0) return null;
  return {
    offered: transcoded,
    start: clampQuality(quality, transcoded),
    needsTranscoding: false,
    unplayableAudio: "",
  };
}
