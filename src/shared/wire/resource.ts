/**
 * @module Wire shape of a file or folder (docs/interfaces.md "Resource JSON"; docs/product.md "Resource"). Types and
 * one limit.
 */
import type { Sorting } from "./user";

/** Text files under this size (bytes) carry `content` in the resource answer (5 MiB). */
export const TEXT_CONTENT_MAX_BYTES = 5 * 1024 * 1024;

/** Types of files the server reports (docs/interfaces.md "Resource JSON"). */
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

/** The `type` of a resource: a file type, or "" for folders. */
export type ResourceType = FileType | "";

/** One file or folder; a folder carries its items, counts and the user's sorting, a text file its `content`. */
export interface Resource {
  readonly name: string;
  readonly path: string;
  readonly url: string;
  /** Bytes; a listed folder's total below it when `sizeKnown` is true (folder sizes from the file index). */
  readonly size: number;
  /**
   * Items of a listing that are folders: true when `size` is the total of everything below the folder (known
   * from the file index), false when it is only the folder's own size. Absent on files and on the listed folder.
   */
  readonly sizeKnown?: boolean;
  /** RFC 3339 time. */
  readonly modified: string;
  /** Permission bits with the directory bit (Go os.FileMode). */
  readonly mode: number;
  /** `ls -l` style, e.g. "drwxr-xr-x". */
  readonly modeStr: string;
  readonly isDir: boolean;
  readonly isSymlink: boolean;
  readonly type: ResourceType;
  /** With the dot, e.g. ".mp4"; "" when none. */
  readonly extension: string;
  /** Text files under 5 MiB (docs/interfaces.md "Resource JSON"). */
  readonly content?: string;
  readonly items?: readonly Resource[];
  readonly numDirs?: number;
  readonly numFiles?: number;
  readonly sorting?: Readonly<Sorting>;
}
