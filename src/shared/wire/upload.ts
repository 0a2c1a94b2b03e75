/** @module Resumable (tus) uploads: the chunk size the UI sends when the server's page config names none. */

/** tus chunk size, bytes: one PATCH each (the server takes at most 96 MiB; big chunks keep round trips few). */
export const TUS_CHUNK_BYTES = 32 * 1024 * 1024;
