/** @module Answer of GET /api/media-token{path}: a read-only media token for a folder or a file. Types only. */

/** A media token, the path prefix it covers ("/a/" for a folder, the path for a file) and its expiry (Unix seconds). */
export interface MediaGrant {
  readonly token: string;
  readonly prefix: string;
  readonly expires: number;
}
