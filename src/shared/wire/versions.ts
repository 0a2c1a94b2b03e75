/**
 * @module Wire shapes of file versions (docs/product.md "Versions"): the earlier contents of a file that a write
 * replaced, as GET /api/versions/{path} lists them. Types only.
 */

/** One earlier content of a file. */
export interface FileVersion {
  /** What download and restore name (GET /api/version/{id}, POST /api/version/{id}/restore). */
  readonly id: string;
  /** Bytes of that content. */
  readonly size: number;
  /** When that content was last written (ISO 8601): the file's modification time before it was replaced. */
  readonly modified: string;
  /** When it was replaced (ISO 8601). */
  readonly replacedAt: string;
  /** The name of the user whose write replaced it ("" when unknown or gone). */
  readonly replacedBy: string;
}

/** GET /api/versions/{path}: the file's versions, newest first. */
export interface VersionList {
  readonly items: FileVersion[];
}
