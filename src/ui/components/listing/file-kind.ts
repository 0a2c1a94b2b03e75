/** @module Pure extension -> icon kind table of the listing: one kind per family of files, each with its own icon and colour. */
import type { ResourceType } from "../../api/resources";

/** Icon kinds; FileIcon.tsx maps each to a lucide icon and an `icon-<kind>` colour class. */
export type FileKind =
  | "folder"
  | "image"
  | "video"
  | "audio"
  | "text"
  | "code"
  | "script"
  | "data"
  | "database"
  | "pdf"
  | "document"
  | "spreadsheet"
  | "presentation"
  | "archive"
  | "font"
  | "subtitle"
  | "torrent"
  | "diskImage"
  | "package"
  | "executable"
  | "blob";

const GROUPS: Array<[FileKind, string]> = [
  [
    "code",
    "js mjs cjs jsx ts tsx mts cts py pyw go rs c h cc cpp cxx hpp hh java kt kts scala rb php cs swift lua pl r dart vue svelte html htm css scss sass less",
  ],
  ["script", "sh bash zsh fish ps1 psm1 bat cmd"],
  ["data", "json jsonc json5 yaml yml toml xml ini conf cfg properties env plist"],
  ["database", "sql db sqlite sqlite3"],
  ["text", "txt md markdown rst adoc log nfo tex"],
  ["pdf", "pdf"],
  ["document", "doc docx odt rtf pages epub"],
  ["spreadsheet", "xls xlsx xlsm ods csv tsv numbers"],
  ["presentation", "ppt pptx odp key"],
  ["archive", "zip 7z rar tar gz tgz xz txz bz2 tbz2 zst tzst lz4 sz lzma z cab arj lzh cpio wim"],
  ["font", "ttf otf woff woff2 eot"],
  ["subtitle", "srt vtt ass ssa sub idx sup"],
  ["torrent", "torrent"],
  ["diskImage", "iso img dmg vhd vhdx vmdk vdi qcow2"],
  ["package", "deb rpm apk msi pkg snap flatpak jar"],
  ["executable", "exe appimage com run"],
];

/** Extension (lower case, no dot) -> kind. */
export const EXTENSION_KINDS: ReadonlyMap<string, FileKind> = new Map(
  GROUPS.flatMap(([kind, list]) => list.split(" ").map((ext) => [ext, kind] as [string, FileKind])),
);

/** Kinds the server's `type` gives when the extension is not in the table (docs/interfaces.md "Resource JSON"). */
const TYPE_KINDS: Partial<Record<ResourceType, FileKind>> = {
  image: "image",
  video: "video",
  audio: "audio",
  text: "text",
  textImmutable: "text",
  document: "document",
  archive: "archive",
  font: "font",
};

/** The lower-case extension of a name without the dot ("photo.JPG" -> "jpg"); "" for none or a dotfile. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/**
 * The icon kind of an item: "folder" for folders; then the extension table (it tells a .py from a .txt,
 * which the server's `type` does not); then the server's `type`; "blob" when nothing is known.
 */
export function fileKind(isDir: boolean, type: ResourceType, name = ""): FileKind {
  if (isDir) return "folder";
  return EXTENSION_KINDS.get(extensionOf(name)) ?? TYPE_KINDS[type] ?? "blob";
}
