/**
 * @module Wire shapes of GET /api/resources/{path}?probe=yes (docs/product.md "Video metadata", "Resource calls"):
 * `metainfo` per file kind, plus the resource fields `subtitles`, `audioinfo` and `archiveListing`. Types, and the
 * archive page size. Bit rates are bit/s, durations seconds.
 */

/** One embedded subtitle stream of a video. */
export interface SubtitleEmbedded {
  readonly CodecName: string;
  /** The stream's title tag, "" when none. */
  readonly Name: string;
  /** The language tag ("eng"), "" when none or "und". */
  readonly Lang: string;
}

/** The container and first audio stream fields that video and audio metadata share. */
export interface ContainerAudioMetainfo {
  readonly FormatName: string;
  readonly FormatLongName: string;
  readonly Duration: number;
  readonly OverallBitRate: number;
  readonly ACodecName: string;
  readonly ACodecLongName: string;
  readonly AProfile: string;
  readonly ABitRate: number;
  /** Hz. */
  readonly ASamplingRate: number;
  readonly AChannels: number;
  readonly AChannelLayout: string;
}

/** docs/product.md "Video metadata". */
export interface VideoMetainfo extends ContainerAudioMetainfo {
  readonly SubtitleEmbedded: readonly SubtitleEmbedded[];
  readonly VCodecName: string;
  readonly VCodecLongName: string;
  readonly VProfile: string;
  readonly VBitRate: number;
  /** Frames per second. */
  readonly VFrameRate: number;
  readonly VWidth: number;
  readonly VHeight: number;
  /** "16:9" as ffprobe prints it, "" when unknown. */
  readonly VDisplayAspectRatio: string;
}

/** Audio: the container and codec details plus the tags ("" when absent). */
export interface AudioMetainfo extends ContainerAudioMetainfo {
  readonly Title: string;
  readonly Album: string;
  readonly Artist: string;
  readonly Genre: string;
  /** As tagged, e.g. "3" or "3/12". */
  readonly Track: string;
  /** The year of the date tag ("2021"). */
  readonly Year: string;
}

/** The resource field `audioinfo` (docs/product.md "Resource"). */
export interface AudioInfo {
  readonly title: string;
  readonly album: string;
  readonly year: string;
  readonly artist: string;
}

/** A sidecar subtitle file of a video (resource field `subtitles`, docs/product.md "Resource"). */
export interface SidecarSubtitle {
  readonly Name: string;
  /** Resource path of the file. */
  readonly Path: string;
  /** Language from the file name (`clip.en.srt` gives "en"), "" when it has none (the server always sends it). */
  readonly Lang?: string;
}

/** docs/product.md "Torrent metadata". */
export interface TorrentMetainfo {
  readonly Name: string;
  readonly Announce: string;
  /** v1 info hash, 40 lower-case hex digits. */
  readonly InfoHash: string;
  /** Total bytes. */
  readonly Length: number;
  readonly NumFiles: number;
  readonly Files: readonly { readonly Path: string; readonly Length: number }[];
  /** Unix time in seconds, 0 when absent. */
  readonly CreationDate: number;
  readonly Comment: string;
  readonly Source: string;
  readonly CreatedBy: string;
  /** Bytes per piece. */
  readonly PieceLength: number;
  readonly Private: boolean;
}

/**
 * docs/product.md "Firmware metadata", plus the TRX header it was read from; for a bare U-Boot image (ASUS MediaTek
 * models) Magic is "uImage", Length and CRC32 are its header's and data's, Flags and Version 0, Offsets empty.
 */
export interface FirmwareMetainfo {
  /** From the ASUS tail, "" without one. */
  readonly ProductId: string;
  readonly KernelVer: string;
  readonly FsVer: string;
  /** RFC 3339 time from the U-Boot image header, "" without one. */
  readonly Created: string;
  readonly Magic: "HDR0" | "uImage";
  /** Bytes of the image, header included. */
  readonly Length: number;
  /** Stored CRC-32, 8 lower-case hex digits. */
  readonly CRC32: string;
  readonly CRCValid: boolean;
  readonly Flags: number;
  readonly Version: number;
  /** Partition offsets in bytes from the image start (0 = none). */
  readonly Offsets: readonly number[];
}

/** docs/product.md "Archive entry". */
export interface ArchiveEntryMetainfo {
  readonly Path: string;
  readonly IsDir: boolean;
  readonly PackedSize: number;
  readonly Size: number;
  /** As 7-Zip prints it ("2026-11-23 15:14:36"), "" when unknown. */
  readonly Modified: string;
}

/** Entries a GET ?probe=yes on an archive answers at most, and the default of its `limit`. */
export const ARCHIVE_PAGE_MAX = 10_000;

/**
 * Beside an archive's `metainfo` (one page of its entries, in 7-Zip's order): where that page is among all the
 * entries, and the totals of the whole archive. The next page is asked with `?probe=yes&offset=N&limit=M`.
 */
export interface ArchiveListingInfo {
  /** Index of the page's first entry among all the archive's entries. */
  readonly offset: number;
  /** The page size asked for (ARCHIVE_PAGE_MAX by default). */
  readonly limit: number;
  /** Entries in the whole archive, folders included. */
  readonly total: number;
  readonly files: number;
  readonly folders: number;
  /** Bytes of all the files once unpacked. */
  readonly size: number;
}

/**
 * The resource field `imageinfo` of a picture answered by ?probe=yes: dimensions
 * as displayed, the format, and the EXIF fields the file has (each one left out when missing).
 */
export interface ImageInfo {
  /** Pixels, after the EXIF orientation. */
  width: number;
  height: number;
  /** sharp's format name: "jpeg", "png", "webp", "heif", "gif", "tiff"... */
  format: string;
  make?: string;
  model?: string;
  lens?: string;
  /** When the photo was taken, as the camera wrote it: "YYYY-MM-DD HH:MM:SS", local time of the camera. */
  taken?: string;
  /** Seconds (1/250 s is 0.004). */
  exposureTime?: number;
  /** The aperture's f-number (2.8 for f/2.8). */
  fNumber?: number;
  iso?: number;
  /** Millimetres; focalLength35 is the 35 mm film equivalent. */
  focalLength?: number;
  focalLength35?: number;
  /** Decimal degrees (south and west negative); metres above sea level. */
  gps?: { latitude: number; longitude: number; altitude?: number };
}
