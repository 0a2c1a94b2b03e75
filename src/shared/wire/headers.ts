/** @module The HTTP header names the server and the UI exchange beyond the standard ones. */

/** Request header carrying the login token on every authenticated call (the `auth` query and cookie serve reads only). */
export const AUTH_HEADER = "X-Auth";
/** Response header `true` when the login token should be renewed: near its expiry, or the user changed since. */
export const RENEW_TOKEN_HEADER = "X-Renew-Token";
/** Request header carrying a password link's share token on the public calls (the URLs use the `token` query). */
export const SHARE_TOKEN_HEADER = "X-Share-Token";
/** Request header naming a long copy, move or delete, so its counts can be read from GET /api/progress/{id}. */
export const PROGRESS_ID_HEADER = "X-Progress-Id";
/**
 * Request header of PUT /api/resources (the editor's save): the `modified` value (RFC 3339, ms precision) the
 * file had when it was opened; the save answers 412 when the file's modified time differs now. Chosen over
 * If-Unmodified-Since, whose HTTP dates have whole seconds only.
 */
export const IF_MODIFIED_AT_HEADER = "X-If-Modified-At";
/** Response header of a successful save: the file's new `modified` value, the precondition of the next save. */
export const MODIFIED_AT_HEADER = "X-Modified-At";
