/** @module File system error with a code that the error handler maps to a status (errors.ts). */

/** Codes: ENOENT (404), EEXIST (409), OUTSIDE_SCOPE (403), EISDIR/EINVAL (400), as in errors.ts FS_CODES. */
export class FsError extends Error {
  constructor(
    readonly code: "ENOENT" | "EEXIST" | "OUTSIDE_SCOPE" | "EISDIR" | "EINVAL" | "EACCES",
    message: string,
  ) {
    super(message);
  }
}
