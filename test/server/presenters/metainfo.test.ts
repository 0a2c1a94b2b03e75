import { describe, expect, it } from "bun:test";
import { parseProbe } from "../../../src/server/tools/ffprobe";
import { presentArchiveEntry, presentAudio, presentMetainfo } from "../../../src/server/presenters/metainfo";

const audioProbe = (tags: Record<string, string>) =>
  parseProbe(
    JSON.stringify({
      streams: [{ codec_type: "audio", codec_name: "vorbis", sample_rate: "44100", channels: 2 }],
      format: { format_name: "ogg", duration: "5.5", tags },
    }),
  );

describe("presentAudio", () => {
  it("takes the year from a full date and the track as tagged", () => {
    const m = presentAudio(
      audioProbe({ TITLE: "T", DATE: "1999-04-01", TRACKNUMBER: "2/9", ARTIST: "A", GENRE: "G", ALBUM: "B" }),
    );
    expect([m.Title, m.Year, m.Track, m.Artist, m.Genre, m.Album, m.Duration, m.ACodecName]).toEqual([
      "T",
      "1999",
      "2/9",
      "A",
      "G",
      "B",
      5.5,
      "vorbis",
    ]);
  });

  it("falls back to the album artist and to an ID3v2.3 TYER year, and leaves missing tags empty", () => {
    const m = presentAudio(audioProbe({ album_artist: "Band", TYER: "2004" }));
    expect([m.Artist, m.Year, m.Title, m.Track]).toEqual(["Band", "2004", "", ""]);
  });

  it("repeats title, album, year and artist as audioinfo", () => {
    const fields = presentMetainfo({
      kind: "audio",
      probe: audioProbe({ title: "T", album: "B", date: "2020", artist: "A" }),
    });
    expect(fields.audioinfo).toEqual({ title: "T", album: "B", year: "2020", artist: "A" });
  });
});

describe("presentMetainfo for a video", () => {
  it("gives every Video metadata field, zero and empty for a stream that is missing", () => {
    const probe = parseProbe(
      JSON.stringify({
        streams: [{ codec_type: "subtitle", codec_name: "subrip", tags: { language: "ger", title: "Forced" } }],
        format: { format_name: "matroska,webm" },
      }),
    );
    const f = presentMetainfo({
      kind: "video",
      probe,
      subtitles: [{ name: "a.en.srt", path: "/a.en.srt", lang: "en" }],
    });
    expect(f.metainfo).toMatchObject({
      FormatName: "matroska,webm",
      VWidth: 0,
      VCodecName: "",
      ACodecName: "",
      AChannels: 0,
      SubtitleEmbedded: [{ CodecName: "subrip", Name: "Forced", Lang: "ger" }],
    });
    expect(f.subtitles).toEqual([{ Name: "a.en.srt", Path: "/a.en.srt", Lang: "en" }]);
  });
});

describe("presentArchiveEntry", () => {
  it("drops 7-Zip's fraction of a second from the time", () => {
    const e = {
      path: "a/b.txt",
      rawPath: new Uint8Array(),
      isDir: false,
      size: 5,
      packedSize: 3,
      modified: "2026-11-23 15:14:36.6517827",
      encrypted: false,
      isSymlink: false,
      linkTarget: null,
      hardLinkTarget: null,
    };
    expect(presentArchiveEntry(e)).toEqual({
      Path: "a/b.txt",
      IsDir: false,
      PackedSize: 3,
      Size: 5,
      Modified: "2026-11-23 15:14:36",
    });
  });
});
