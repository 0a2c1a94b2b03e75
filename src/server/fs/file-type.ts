/**
 * @module File type detection (docs/interfaces.md "Resource JSON"): a fixed extension table, then MIME types, then
 * content sniffing.
 */
import mime from "mime";
import { extname } from "node:path";

/** Bytes read from a file head to sniff its type when the extension says nothing (one disk block). */
export const SNIFF_BYTES = 512;

export type FileType =
  | "video"
  | "audio"
  | "image"
  | "text"
  | "textImmutable"
  | "document"
  | "archive"
  | "font"
  | "blob";

/** Extensions whose type the MIME table gets wrong or does not know, checked first. */
const EXTENSION_TYPES: Record<string, FileType> = {
  // Source and config files: mime maps several of these to application/* or nothing.
  ...Object.fromEntries(
    [
      "txt",
      "md",
      "markdown",
      "log",
      "ini",
      "conf",
      "cfg",
      "yaml",
      "yml",
      "toml",
      "json",
      "jsonc",
      "json5",
      "js",
      "mjs",
      "cjs",
      "jsx",
      "ts",
      "tsx",
      "mts",
      "cts",
      "css",
      "scss",
      "sass",
      "less",
      "html",
      "htm",
      "xml",
      "sh",
      "bash",
      "zsh",
      "fish",
      "ps1",
      "bat",
      "cmd",
      "py",
      "rb",
      "go",
      "rs",
      "c",
      "h",
      "cc",
      "cpp",
      "hpp",
      "java",
      "kt",
      "kts",
      "swift",
      "php",
      "pl",
      "lua",
      "r",
      "sql",
      "csv",
      "tsv",
      "env",
      "gitignore",
      "dockerfile",
      "makefile",
      "nfo",
      "srt",
      "vtt",
      "ass",
      "ssa",
      "properties",
      "gradle",
      "vue",
      "svelte",
      "diff",
      "patch",
      "tex",
      "rst",
      "adoc",
      "cue",
      "m3u",
      "m3u8",
      "lock",
      "editorconfig",
    ].map((e) => [e, "text" as FileType]),
  ),
  ...Object.fromEntries(
    ["pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "rtf", "epub"].map((e) => [
      e,
      "document" as FileType,
    ]),
  ),
  ...Object.fromEntries(
    [
      "zip",
      "7z",
      "rar",
      "tar",
      "gz",
      "tgz",
      "bz2",
      "tbz2",
      "xz",
      "txz",
      "lz4",
      "zst",
      "sz",
      "iso",
      "cab",
      "arj",
      "lzh",
      "z",
      "deb",
      "rpm",
      "apk",
      "jar",
      "cpio",
      "wim",
      "dmg",
    ].map((e) => [e, "archive" as FileType]),
  ),
  ...Object.fromEntries(["ttf", "otf", "woff", "woff2", "eot"].map((e) => [e, "font" as FileType])),
  ...Object.fromEntries(
    ["mkv", "rmvb", "flv", "wmv", "avi", "mpg", "mpeg", "m2ts", "mts", "vob", "3gp", "webm", "mov", "mp4", "m4v"].map(
      (e) => [e, "video" as FileType],
    ),
  ),
  ...Object.fromEntries(
    ["flac", "ape", "m4a", "opus", "wma", "aac", "ac3", "dts", "mka", "mp3", "ogg", "oga", "wav"].map((e) => [
      e,
      "audio" as FileType,
    ]),
  ),
  ...Object.fromEntries(
    ["heic", "heif", "avif", "webp", "jpg", "jpeg", "png", "gif", "bmp", "svg", "ico", "tif", "tiff"].map((e) => [
      e,
      "image" as FileType,
    ]),
  ),
};

/** Lower-case extension with the dot (".mp4"), or "" when the name has none. Dotfiles like ".env" count as extension-less names. */
export function extensionOf(name: string): string {
  return extname(name).toLowerCase();
}

/**
 * Type from the name alone (the listing never reads file heads): the fixed table, then the MIME type
 * (`video/*`, `audio/*`, `image/*`, `font/*`, `text/*`). Returns null when the name says nothing.
 */
export function typeFromName(name: string): FileType | null {
  const lower = name.toLowerCase();
  const ext = extensionOf(name).slice(1) || (lower.startsWith(".") ? lower.slice(1) : lower);
  const fixed = EXTENSION_TYPES[ext];
  if (fixed) return fixed;
  const m = mime.getType(name);
  if (!m) return null;
  const top = m.split("/")[0];
  if (top === "video" || top === "audio" || top === "image" || top === "font") return top;
  if (top === "text") return "text";
  return null;
}

/** Magic numbers of formats that have one, as [offset, bytes, type]. Sources: each format's specification. */
const MAGIC: Array<[number, number[], FileType]> = [
  [0, [0x25, 0x50, 0x44, 0x46], "document"], // %PDF
  [0, [0x50, 0x4b, 0x03, 0x04], "archive"], // zip local file header
  [0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], "archive"], // 7z
  [0, [0x52, 0x61, 0x72, 0x21], "archive"], // Rar!
  [0, [0x1f, 0x8b], "archive"], // gzip
  [0, [0x42, 0x5a, 0x68], "archive"], // bzip2
  [0, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], "archive"], // xz
  [0, [0xff, 0xd8, 0xff], "image"], // JPEG
  [0, [0x89, 0x50, 0x4e, 0x47], "image"], // PNG
  [0, [0x47, 0x49, 0x46, 0x38], "image"], // GIF8
  [0, [0x1a, 0x45, 0xdf, 0xa3], "video"], // Matroska/WebM (EBML)
  [4, [0x66, 0x74, 0x79, 0x70], "video"], // ISO BMFF "ftyp"
  [0, [0x49, 0x44, 0x33], "audio"], // ID3 (mp3)
  [0, [0x66, 0x4c, 0x61, 0x43], "audio"], // fLaC
  [0, [0x4f, 0x67, 0x67, 0x53], "audio"], // OggS
];

/**
 * Type from the first bytes of a file (up to SNIFF_BYTES): magic numbers, then text when the head
 * has no NUL byte and decodes as UTF-8, else blob.
 */
export function typeFromHead(head: Uint8Array): FileType {
  for (const [offset, bytes, type] of MAGIC) {
    if (head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b)) return type;
  }
  if (head.length === 0) return "text";
  if (head.includes(0)) return "blob";
  try {
    // A multi-byte character may be cut at the end of the head: drop up to 3 trailing bytes before judging.
    new TextDecoder("utf-8", { fatal: true }).decode(trimPartialUtf8(head));
    return "text";
  } catch {
    return "blob";
  }
}

function trimPartialUtf8(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = bytes[end - i];
    if ((b & 0xc0) === 0x80) continue; // continuation byte
    if (b >= 0xc0) end = end - i; // lead byte of a cut sequence
    break;
  }
  return bytes.subarray(0, end);
}

/** MIME type for a file name for Content-Type, "application/octet-stream" when unknown. */
export function mimeTypeOf(name: string): string {
  return mime.getType(name) ?? "application/octet-stream";
}
