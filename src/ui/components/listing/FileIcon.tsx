/** @module Icon per file type, each with its named colour from the theme (SPEC §9: folders have named colours). */
import { File, FileArchive, FileImage, FileMusic, FileText, FileType, FileVideoCamera, Folder, FileCode } from "lucide-react";
import type { ResourceType } from "../../api/resources";

const ICONS = {
  folder: Folder,
  image: FileImage,
  video: FileVideoCamera,
  audio: FileMusic,
  text: FileText,
  textImmutable: FileCode,
  document: FileText,
  archive: FileArchive,
  font: FileType,
  blob: File,
};

/** The icon key of an item: "folder" or its type ("blob" when unknown). */
export function iconKind(isDir: boolean, type: ResourceType): keyof typeof ICONS {
  if (isDir) return "folder";
  return type && type in ICONS ? (type as keyof typeof ICONS) : "blob";
}

/** A decorative type icon; its colour comes from the `icon-<kind>` class. */
export function FileIcon({ isDir, type, size = 24 }: { isDir: boolean; type: ResourceType; size?: number }) {
  const kind = iconKind(isDir, type);
  const Icon = ICONS[kind];
  return <Icon className={`file-icon icon-${kind}`} size={size} aria-hidden fill={kind === "folder" ? "currentColor" : "none"} fillOpacity={kind === "folder" ? 0.18 : undefined} />;
}
