/**
 * @module The component schemas of what GET /api/resources/{path}?probe=yes adds to a file (src/shared/wire/metainfo.ts):
 * `metainfo` per file kind, `subtitles`, `audioinfo`, `archiveListing` and `imageinfo`. Bit rates are bit/s, durations seconds.
 */
import type {
  ArchiveEntryMetainfo,
  ArchiveListingInfo,
  AudioInfo,
  AudioMetainfo,
  ContainerAudioMetainfo,
  FirmwareMetainfo,
  ImageInfo,
  SidecarSubtitle,
  SubtitleEmbedded,
  TorrentMetainfo,
  VideoMetainfo,
} from "../../shared/wire/metainfo";
import { arr, bool, int, num, object, oneOfValues, opt, ref, str, type Fields, type JsonSchema } from "./json-schema";

/** The container and first audio stream fields that video and audio share. */
const containerAudio: Fields<ContainerAudioMetainfo> = {
  FormatName: str(),
  FormatLongName: str(),
  Duration: num("Seconds."),
  OverallBitRate: int(),
  ACodecName: str(),
  ACodecLongName: str(),
  AProfile: str(),
  ABitRate: int(),
  ASamplingRate: int("Hz."),
  AChannels: int(),
  AChannelLayout: str(),
};

/** The probe schemas, by component name. */
export function metainfoSchemas(): Record<string, JsonSchema> {
  return {
    SubtitleEmbedded: object<SubtitleEmbedded>(
      { CodecName: str(), Name: str(), Lang: str() },
      "An embedded subtitle stream.",
    ),
    VideoMetainfo: object<VideoMetainfo>(
      {
        ...containerAudio,
        SubtitleEmbedded: arr(ref("SubtitleEmbedded")),
        VCodecName: str(),
        VCodecLongName: str(),
        VProfile: str(),
        VBitRate: int(),
        VFrameRate: num("Frames per second."),
        VWidth: int(),
        VHeight: int(),
        VDisplayAspectRatio: str(),
      },
      "A video's container, streams and embedded subtitles.",
    ),
    AudioMetainfo: object<AudioMetainfo>(
      {
        ...containerAudio,
        Title: str(),
        Album: str(),
        Artist: str(),
        Genre: str(),
        Track: str(),
        Year: str(),
      },
      "An audio file's container, codec and tags.",
    ),
    TorrentMetainfo: object<TorrentMetainfo>(
      {
        Name: str(),
        Announce: str(),
        InfoHash: str("v1 info hash, 40 lower-case hex digits."),
        Length: int("Total bytes."),
        NumFiles: int(),
        Files: arr(object<TorrentMetainfo["Files"][number]>({ Path: str(), Length: int() })),
        CreationDate: int("Unix seconds; 0 when absent."),
        Comment: str(),
        Source: str(),
        CreatedBy: str(),
        PieceLength: int("Bytes per piece."),
        Private: bool(),
      },
      "A .torrent file's metadata.",
    ),
    FirmwareMetainfo: object<FirmwareMetainfo>(
      {
        ProductId: str(),
        KernelVer: str(),
        FsVer: str(),
        Created: str('RFC 3339 time, "" without one.'),
        Magic: oneOfValues(["HDR0", "uImage"]),
        Length: int(),
        CRC32: str("8 lower-case hex digits."),
        CRCValid: bool(),
        Flags: int(),
        Version: int(),
        Offsets: arr(int()),
      },
      "A router firmware image's header.",
    ),
    ArchiveEntryMetainfo: object<ArchiveEntryMetainfo>(
      {
        Path: str(),
        IsDir: bool(),
        PackedSize: int(),
        Size: int(),
        Modified: str('As 7-Zip prints it, "" when unknown.'),
      },
      "One archive entry.",
    ),
    ArchiveListingInfo: object<ArchiveListingInfo>(
      {
        offset: int(),
        limit: int(),
        total: int(),
        files: int(),
        folders: int(),
        size: int("Bytes once unpacked."),
      },
      "Where a page of archive entries is, and the archive's totals.",
    ),
    AudioInfo: object<AudioInfo>(
      { title: str(), album: str(), year: str(), artist: str() },
      "An audio file's tags, for the player.",
    ),
    SidecarSubtitle: object<SidecarSubtitle>(
      { Name: str(), Path: str("Resource path of the file."), Lang: opt(str()) },
      "A subtitle file beside a video.",
    ),
    ImageInfo: object<ImageInfo>(
      {
        width: int("Pixels, after the EXIF orientation."),
        height: int(),
        format: str(),
        make: opt(str()),
        model: opt(str()),
        lens: opt(str()),
        taken: opt(str()),
        exposureTime: opt(num("Seconds.")),
        fNumber: opt(num()),
        iso: opt(num()),
        focalLength: opt(num("mm.")),
        focalLength35: opt(num("mm.")),
        gps: opt(object<NonNullable<ImageInfo["gps"]>>({ latitude: num(), longitude: num(), altitude: opt(num()) })),
      },
      "A picture's dimensions, format and EXIF fields.",
    ),
    ProbedResource: {
      allOf: [
        ref("Resource"),
        {
          type: "object",
          properties: {
            metainfo: {
              anyOf: [
                ref("VideoMetainfo"),
                ref("AudioMetainfo"),
                ref("TorrentMetainfo"),
                ref("FirmwareMetainfo"),
                arr(ref("ArchiveEntryMetainfo")),
              ],
            },
            subtitles: arr(ref("SidecarSubtitle")),
            audioinfo: ref("AudioInfo"),
            archiveListing: ref("ArchiveListingInfo"),
            imageinfo: ref("ImageInfo"),
          },
        },
      ],
      description: "A file with its metadata (files without metadata answer the plain resource).",
    },
  };
}
