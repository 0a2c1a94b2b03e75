/**
 * @module What GET ?probe=yes reads of a file (docs/product.md "File info", "Resource calls"), by kind: video and audio
 * through ffprobe (plus a video's sidecar subtitle files), .torrent files, .trx firmware images, and the entry list of
 * archives through 7-Zip. Returns domain values; presenters/metainfo.ts turns them into the wire fields.
 */
import { stat } from "node:fs/promises";
import { readFileBeneath, type FileInScope } from "../fs/read-text";
import type { FileInfo } from "../fs/file-info";
import { findTool } from "../tools/available";
import type { ProbeResult } from "../tools/ffprobe";
import { findSevenZip, SEVEN_ZIP_NAMES } from "../tools/sevenzip";
import { listArchivePage, type ArchiveListingPage, type ListingPageRequest } from "../archive/listing-page";
import { ToolFailed } from "../tools/spawn";
import { BadRequest, ServiceUnavailable } from "../errors";
import { METADATA_TOOL_TIMEOUT_MS } from "../constants";
import { findSidecarSubtitles, type SidecarFile } from "./sidecar-subtitles";
import { probeRefusal } from "./media-tools";
import { probeFile } from "./probe-cache";
import { parseTorrent, TorrentFormatError, type TorrentInfo } from "./torrent-info";
import { readFirmwareInfo, type FirmwareInfo } from "./firmware-info";
import { TrxFormatError } from "./trx-format";
import type { ScopedFile } from "../tools/tool-input";
import { COMPRESSED_STREAM_SUFFIXES } from "../../shared/wire/archive";

/** A .torrent larger than this (bytes) is not read for GET ?probe=yes: real ones, even of huge sets, stay far below. */
const TORRENT_MAX_BYTES = 64 * 1024 * 1024;

/** The metadata of one file, by kind. */
export type Metainfo =
  | { kind: "video"; probe: ProbeResult; subtitles: SidecarFile[] }
  | { kind: "audio"; probe: ProbeResult }
  | { kind: "torrent"; torrent: TorrentInfo }
  | { kind: "firmware"; firmware: FirmwareInfo }
  | { kind: "archive"; page: ArchiveListingPage };

/** What readMetainfo needs: the file, its folder, and the user's view of that folder (for sidecar subtitles). */
export interface MetainfoRequest {
  /** The file: its tools open it beneath its scope (tool-input.ts). */
  file: ScopedFile;
  info: FileInfo;
  dirAbs: string;
  /** Virtual path of the folder, ending in "/". */
  dirPath: string;
  showHidden: boolean;
  isVisible: (virtualPath: string) => boolean;
  signal: AbortSignal;
  /** Which of an archive's entries to answer (archive/listing-page.ts parseListingPage). */
  archivePage: ListingPageRequest;
}

/** The kind of metadata a file has, or null for files without any (folders, pictures, text...). */
export function metainfoKindOf(info: FileInfo): Metainfo["kind"] | null {
  const lower = info.name.toLowerCase();
  if (info.isDir) return null;
  if (info.type === "video" || info.type === "audio") return info.type;
  if (lower.endsWith(".torrent")) return "torrent";
  if (lower.endsWith(".trx")) return "firmware";
  if (info.type === "archive" && !COMPRESSED_STREAM_SUFFIXES.some((s) => lower.endsWith(s))) return "archive";
  return null;
}

/** Refuses a kind whose tool is missing. @throws ServiceUnavailable (503) naming the tool. */
function requireInstalled(found: string | null, name: string): string {
  if (!found) throw new ServiceUnavailable(`${name} is not installed on the server`);
  return found;
}

/**
 * The metadata of the file, or null when it has none.
 * @throws BadRequest (400) for a torrent or firmware image that does not parse, an archive 7-Zip cannot list
 * (ARCHIVE_LIST_FAILED) and media ffprobe cannot read; UnsupportedMediaType (415) for "media" whose content is text
 * (a playlist, a concat script); ServiceUnavailable (503) when the tool is not installed.
 */
export async function readMetainfo(r: MetainfoRequest): Promise<Metainfo | null> {
  switch (metainfoKindOf(r.info)) {
    case "video":
    case "audio": {
      requireInstalled(findTool("ffprobe"), "ffprobe");
      const probe = await probeFile(r.file, await stat(r.file.abs), r.signal).catch((err) => {
        throw probeRefusal(err);
      });
      if (r.info.type === "audio") return { kind: "audio", probe };
      return {
        kind: "video",
        probe,
        subtitles: findSidecarSubtitles(r.dirAbs, r.dirPath, r.info.name, r.showHidden, r.isVisible),
      };
    }
    case "torrent":
      return { kind: "torrent", torrent: await torrentOf(r.file, r.info.size) };
    case "firmware":
      return {
        kind: "firmware",
        firmware: await readFirmwareInfo(r.file, r.signal).catch((err) => rethrow(err, "not a TRX firmware image")),
      };
    case "archive":
      return { kind: "archive", page: await archiveEntries(r) };
    default:
      return null;
  }
}

/**
 * Turns a parse or tool failure into a 400 with `detail`; other errors (fs, aborts) pass unchanged. A parser's reason
 * is added; a tool's words never are (its stderr names server paths and other files).
 */
function rethrow(err: unknown, detail: string): never {
  if (err instanceof TorrentFormatError || err instanceof TrxFormatError)
    throw new BadRequest(`${detail}: ${err.message}`);
  if (err instanceof ToolFailed) throw new BadRequest(detail);
  throw err;
}

/** @throws BadRequest (400) for a file over TORRENT_MAX_BYTES or one that is not a torrent. */
async function torrentOf(file: FileInScope, size: number): Promise<TorrentInfo> {
  if (size > TORRENT_MAX_BYTES) throw new BadRequest("the file is too large for a torrent");
  // Read beneath the scope, and the size checked again on what is read.
  const { bytes } = readFileBeneath(file, (st) => {
    if (st.size > TORRENT_MAX_BYTES) throw new BadRequest("the file is too large for a torrent");
  });
  try {
    return parseTorrent(bytes);
  } catch (err) {
    return rethrow(err, "not a torrent file");
  }
}

/**
 * One page of an archive's entries with its totals, listed without a password: a header-encrypted archive fails to
 * open and an archive with no entries lists nothing, and both answer ARCHIVE_LIST_FAILED (docs/product.md "Search and
 * archive messages").
 */
function archiveEntries(r: MetainfoRequest): Promise<ArchiveListingPage> {
  const engine = requireInstalled(findSevenZip(), `7-Zip (${SEVEN_ZIP_NAMES.join(", ")})`);
  return listArchivePage({
    engine,
    file: r.file,
    page: r.archivePage,
    signal: r.signal,
    timeoutMs: METADATA_TOOL_TIMEOUT_MS,
  });
}
