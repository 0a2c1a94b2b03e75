/**
 * @module Preview and metadata calls (docs/product.md "Raw files and media URLs"): `probe=yes` metadata, the nfo text,
 * same-type playlists, the markdown page URL and the JPEG orientation fix. Shapes come from
 * src/shared/wire/metainfo.ts.
 */
import { apiFetch, apiJson, apiText, apiUrl } from "./client";
import { MEDIA_QUERY } from "../../shared/wire/video";
import { encodePath } from "../format/encode-path";
import type { Resource } from "./resources";
import type {
  ArchiveEntryMetainfo,
  ArchiveListingInfo,
  AudioInfo,
  AudioMetainfo,
  FirmwareMetainfo,
  ImageInfo,
  SidecarSubtitle,
  TorrentMetainfo,
  VideoMetainfo,
} from "../../shared/wire/metainfo";

export type {
  ArchiveEntryMetainfo,
  ArchiveListingInfo,
  AudioInfo,
  AudioMetainfo,
  FirmwareMetainfo,
  ImageInfo,
  SidecarSubtitle,
  TorrentMetainfo,
  VideoMetainfo,
} from "../../shared/wire/metainfo";
export { ARCHIVE_PAGE_MAX } from "../../shared/wire/metainfo";

/** A file with its metadata: which `metainfo` shape depends on the file (see metainfoKind in preview-kind.ts). */
export interface ProbedResource extends Resource {
  readonly metainfo?:
    | VideoMetainfo
    | AudioMetainfo
    | TorrentMetainfo
    | FirmwareMetainfo
    | readonly ArchiveEntryMetainfo[];
  /** Sidecar subtitle files of a video. */
  readonly subtitles?: readonly SidecarSubtitle[];
  /** The tags of an audio file. */
  readonly audioinfo?: AudioInfo;
  /** An archive's totals and where its page of entries (`metainfo`) is among them. */
  readonly archiveListing?: ArchiveListingInfo;
  /** A picture's dimensions, format and EXIF fields. */
  readonly imageinfo?: ImageInfo;
}

/**
 * GET ?probe=yes: the file with its metadata (video, audio, torrent, .trx firmware, archive entries).
 * @throws ApiError: 400 with the server's sentence (an encrypted archive: docs/product.md "Search and archive
 * messages"), 403 without download, 503 when the tool is missing.
 */
export function fetchProbe(path: string, signal?: AbortSignal): Promise<ProbedResource> {
  return apiJson<ProbedResource>(`/api/resources${encodePath(path)}?probe=yes`, { signal });
}

/**
 * GET ?probe=yes&offset=&limit=: the archive `path` with `limit` of its entries from index `offset` (7-Zip's order)
 * in `metainfo`, and its totals in `archiveListing`. @throws ApiError as fetchProbe.
 */
export function fetchArchivePage(
  path: string,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ProbedResource> {
  return apiJson<ProbedResource>(`/api/resources${encodePath(path)}?probe=yes&offset=${offset}&limit=${limit}`, {
    signal,
  });
}

/** GET ?preview=nfo: the text of an .nfo file, decoded from CP437 when it is not UTF-8. @throws ApiError. */
export async function fetchNfoText(path: string, signal?: AbortSignal): Promise<string> {
  const res = await apiJson<{ content?: string }>(`/api/resources${encodePath(path)}?preview=nfo`, { signal });
  return res.content ?? "";
}

/**
 * GET /api/playlist{path}?master=true: the HLS master playlist of the video `path`, one variant per offered quality
 * (a rendition: users without download may receive it). @throws ApiError: 403 when the Video settings turn HLS off.
 */
export function fetchMasterPlaylist(path: string, signal?: AbortSignal): Promise<string> {
  return apiText(`/api/playlist${encodePath(path)}?${MEDIA_QUERY.master}=true`, { signal });
}

/**
 * GET ?playlist=video|audio: the files of that type in the folder of `path` (a file or a folder), in the user's
 * listing order. @throws ApiError.
 */
export function fetchPlaylist(path: string, kind: "video" | "audio", signal?: AbortSignal): Promise<Resource[]> {
  return apiJson<Resource[]>(`/api/resources${encodePath(path)}?playlist=${kind}`, { signal });
}

/** The markdown preview page of a .md file (docs/product.md "Resource calls"), opened in its own window. */
export function markdownPageUrl(path: string, token: string): string {
  return apiUrl(`/api/resources${encodePath(path)}?preview=markdown&auth=${encodeURIComponent(token)}`);
}

/**
 * PATCH ?action=imageProcess: turns JPEGs upright from their EXIF orientation (a folder's with `recursive`).
 * Other files are left as they are. The UI then says 'process successfully' (docs/product.md "API errors"). @throws
 * ApiError (403 without rename).
 */
export async function processImage(path: string, recursive = false): Promise<void> {
  await apiFetch(`/api/resources${encodePath(path)}?action=imageProcess${recursive ? "&recursive=true" : ""}`, {
    method: "PATCH",
  });
}
