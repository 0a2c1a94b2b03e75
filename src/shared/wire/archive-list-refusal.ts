/**
 * @module The 400 detail of GET ?probe=yes on an archive whose entries cannot be listed (encrypted names, not an
 * archive, no entries); the UI tells the user in their language.
 */

/** The detail of the refusal. */
export const ARCHIVE_LIST_FAILED = "failed to get file list from archive, maybe encrypted archive. Wrong password?";

/** True when a refusal's `detail` is the archive-listing one. */
export function isArchiveListRefusal(detail: string): boolean {
  return detail === ARCHIVE_LIST_FAILED;
}
