/**
 * @module Maps what ?probe=yes read (media/metainfo.ts) to the wire fields of docs/product.md "Video metadata",
 * "Torrent metadata", "Firmware metadata": `metainfo` (Video, Torrent, Firmware metadata, archive entries, audio
 * details) and the resource fields `subtitles`, `audioinfo` and `archiveListing` (where an archive's page of entries
 * is, and its totals).
 */
import type { Metainfo } from "../media/metainfo";
import type { SidecarFile } from "../media/sidecar-subtitles";
import type { ProbeResult } from "../tools/ffprobe";
import type { TorrentInfo } from "../media/torrent-info";
import type { FirmwareInfo } from "../media/firmware-info";
import type { ArchiveEntry } from "../tools/sevenzip";
import type {
  ArchiveEntryMetainfo,
  ArchiveListingInfo,
  AudioInfo,
  AudioMetainfo,
  ContainerAudioMetainfo,
  FirmwareMetainfo,
  SidecarSubtitle,
  TorrentMetainfo,
  VideoMetainfo,
} from "../../shared/wire/metainfo";

/** The fields ?probe=yes adds to the resource. */
export interface MetainfoFields {
  metainfo: VideoMetainfo | AudioMetainfo | TorrentMetainfo | FirmwareMetainfo | ArchiveEntryMetainfo[];
  subtitles?: SidecarSubtitle[];
  audioinfo?: AudioInfo;
  archiveListing?: ArchiveListingInfo;
}

/** The wire fields of one file's metadata. */
export function presentMetainfo(m: Metainfo): MetainfoFields {
  switch (m.kind) {
    case "video":
      return { metainfo: presentVideo(m.probe), subtitles: m.subtitles.map(presentSidecar) };
    case "audio": {
      const metainfo = presentAudio(m.probe);
      return {
        metainfo,
        audioinfo: { title: metainfo.Title, album: metainfo.Album, year: metainfo.Year, artist: metainfo.Artist },
      };
    }
    case "torrent":
      return { metainfo: presentTorrent(m.torrent) };
    case "firmware":
      return { metainfo: presentFirmware(m.firmware) };
    case "archive": {
      const { entries, ...listing } = m.page;
      return { metainfo: entries.map(presentArchiveEntry), archiveListing: listing };
    }
  }
}

/**
 * One sidecar subtitle file as the resource's `subtitles` lists it (docs/product.md "Resource": Name, Path; plus Lang).
 */
export function presentSidecar(s: SidecarFile): SidecarSubtitle {
  return { Name: s.name, Path: s.path, Lang: s.lang };
}

/** The container and audio-stream fields video and audio share. */
function containerAndAudio(p: ProbeResult): ContainerAudioMetainfo {
  const a = p.audio;
  return {
    FormatName: p.formatName,
    FormatLongName: p.formatLongName,
    Duration: p.durationS,
    OverallBitRate: p.bitRate,
    ACodecName: a?.codec ?? "",
    ACodecLongName: a?.codecLongName ?? "",
    AProfile: a?.profile ?? "",
    ABitRate: a?.bitRate ?? 0,
    ASamplingRate: a?.sampleRate ?? 0,
    AChannels: a?.channels ?? 0,
    AChannelLayout: a?.channelLayout ?? "",
  };
}

/** docs/product.md "Video metadata". */
export function presentVideo(p: ProbeResult): VideoMetainfo {
  const v = p.video;
  return {
    ...containerAndAudio(p),
    SubtitleEmbedded: p.subtitles.map((s) => ({ CodecName: s.codec, Name: s.title, Lang: s.language })),
    VCodecName: v?.codec ?? "",
    VCodecLongName: v?.codecLongName ?? "",
    VProfile: v?.profile ?? "",
    VBitRate: v?.bitRate ?? 0,
    VFrameRate: v?.frameRate ?? 0,
    VWidth: v?.width ?? 0,
    VHeight: v?.height ?? 0,
    VDisplayAspectRatio: v?.displayAspectRatio ?? "",
  };
}

/** The year of a date tag ("2021-05-04" or "2021" gives "2021"); other text as it is. */
function yearOf(date: string): string {
  return /^\d{4}/.exec(date.trim())?.[0] ?? date.trim();
}

/** Audio details and tags from a probe; tag names as ffmpeg maps ID3 frames and Vorbis comments (lower-cased). */
export function presentAudio(p: ProbeResult): AudioMetainfo {
  const t = p.tags;
  return {
    ...containerAndAudio(p),
    Title: t.title ?? "",
    Album: t.album ?? "",
    Artist: t.artist ?? t.album_artist ?? "",
    Genre: t.genre ?? "",
    Track: t.track ?? t.tracknumber ?? "",
    Year: yearOf(t.date ?? t.year ?? t.tyer ?? ""),
  };
}

/** docs/product.md "Torrent metadata". */
export function presentTorrent(t: TorrentInfo): TorrentMetainfo {
  return {
    Name: t.name,
    Announce: t.announce,
    InfoHash: t.infoHash,
    Length: t.length,
    NumFiles: t.files.length,
    Files: t.files.map((f) => ({ Path: f.path, Length: f.length })),
    CreationDate: t.creationDate,
    Comment: t.comment,
    Source: t.source,
    CreatedBy: t.createdBy,
    PieceLength: t.pieceLength,
    Private: t.private,
  };
}

/** docs/product.md "Firmware metadata". */
export function presentFirmware(f: FirmwareInfo): FirmwareMetainfo {
  return {
    ProductId: f.tail?.productId ?? "",
    KernelVer: f.tail?.kernelVersion ?? "",
    FsVer: f.tail?.fsVersion ?? "",
    Created: f.createdS === null ? "" : new Date(f.createdS * 1000).toISOString(),
    Magic: f.format === "trx" ? "HDR0" : "uImage",
    Length: f.header.length,
    CRC32: f.header.crc32.toString(16).padStart(8, "0"),
    CRCValid: f.crcValid,
    Flags: f.header.flags,
    Version: f.header.version,
    Offsets: f.header.offsets,
  };
}

/** docs/product.md "Archive entry"; the time loses 7-Zip's fraction of a second. */
export function presentArchiveEntry(e: ArchiveEntry): ArchiveEntryMetainfo {
  return {
    Path: e.path,
    IsDir: e.isDir,
    PackedSize: e.packedSize,
    Size: e.size,
    Modified: e.modified.replace(/\.\d+$/, ""),
  };
}
