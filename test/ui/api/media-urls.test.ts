import { describe, expect, it } from "bun:test";
import {
  embeddedSubtitleUrl,
  frameUrl,
  masterPlaylistUrl,
  playlistUrl,
  sidecarSubtitleUrl,
  thumbnailsVttUrl,
} from "../../../src/ui/api/media-urls";
import { parseRes } from "../../../src/shared/wire/video";

/** The query of a URL as a plain object. */
const query = (url: string) => Object.fromEntries(new URL(url, "http://h").searchParams);
const NAME = "/v/it's $(x) «клип» #1.mp4";

describe("video media URLs (MEDIA_QUERY shapes)", () => {
  it("playlists: the path encoded per segment, auth and res; the master flag", () => {
    const url = playlistUrl(NAME, { height: 720, mbps: 1.5 }, "T&1");
    expect(url.startsWith("/api/playlist/v/it's%20%24(x)%20%C2%AB")).toBe(true);
    expect(new URL(url, "http://h").pathname).toBe(`/api/playlist${NAME.split("/").map(encodeURIComponent).join("/")}`);
    expect(query(url)).toEqual({ auth: "T&1", res: "720-1.5" });
    expect(parseRes(query(url).res)).toEqual({ height: 720, mbps: 1.5 });
    expect(query(masterPlaylistUrl(NAME, "T"))).toEqual({ auth: "T", master: "true" });
  });

  it("subtitles: a sidecar with its movie, an embedded stream by index and language", () => {
    const side = sidecarSubtitleUrl("/v/subs/a b.en.srt", NAME, "T");
    expect(side.split("?")[0]).toBe("/api/raw/v/subs/a%20b.en.srt");
    expect(query(side)).toEqual({ auth: "T", subtitle: "true", movie: NAME });
    const embedded = embeddedSubtitleUrl(NAME, 2, "eng", "T");
    expect(embedded.split("?")[0]).toBe("/api/raw/vtt");
    expect(query(embedded)).toEqual({ auth: "T", movie: NAME, si: "2", lang: "eng", extract: "true" });
  });

  it("frames: a still at a time and width, or at the poster time; the thumbnails track", () => {
    expect(query(frameUrl(NAME, "T", 12.5, 320))).toEqual({ auth: "T", t: "12.5", w: "320" });
    expect(query(frameUrl(NAME, "T", 3))).toEqual({ auth: "T", t: "3" });
    expect(query(frameUrl(NAME, "T", undefined, 1280))).toEqual({ auth: "T", w: "1280" });
    expect(frameUrl("/a b.mkv", "T", 3).split("?")[0]).toBe("/api/frame/a%20b.mkv");
    expect(query(thumbnailsVttUrl(NAME, "T"))).toEqual({ auth: "T", thumbnails: "vtt" });
  });
});
