/**
 * @module Icon per file kind (file-kind.ts), each with its named colour from the theme (docs/product.md "Screen
 * widths": folders have named colours).
 */
import {
  AppWindow,
  Captions,
  Disc3,
  File,
  FileArchive,
  FileBraces,
  FileChartPie,
  FileCode,
  FileDatabase,
  FileImage,
  FileMusic,
  FilePenLine,
  FileSpreadsheet,
  FileTerminal,
  FileText,
  FileType,
  FileVideoCamera,
  Folder,
  Magnet,
  Package,
  type LucideIcon,
} from "lucide-react";
import type { ResourceType } from "../../api/resources";
import { fileKind, type FileKind } from "./file-kind";

const ICONS: Record<FileKind, LucideIcon> = {
  folder: Folder,
  image: FileImage,
  video: FileVideoCamera,
  audio: FileMusic,
  text: FileText,
  code: FileCode,
  script: FileTerminal,
  data: FileBraces,
  database: FileDatabase,
  pdf: FileText,
  document: FilePenLine,
  spreadsheet: FileSpreadsheet,
  presentation: FileChartPie,
  archive: FileArchive,
  font: FileType,
  subtitle: Captions,
  torrent: Magnet,
  diskImage: Disc3,
  package: Package,
  executable: AppWindow,
  blob: File,
};

/** A decorative type icon; its colour comes from the `icon-<kind>` class. `name` picks the icon by extension. */
export function FileIcon({
  isDir,
  type,
  name,
  size = 24,
}: {
  isDir: boolean;
  type: ResourceType;
  name?: string;
  size?: number;
}) {
  const kind = fileKind(isDir, type, name);
  const Icon = ICONS[kind];
  const folder = kind === "folder";
  return (
    <Icon
      className={`file-icon icon-${kind}`}
      size={size}
      aria-hidden
      fill={folder ? "currentColor" : "none"}
      fillOpacity={folder ? 0.18 : undefined}
    />
  );
}
