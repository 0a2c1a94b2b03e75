/**
 * @module Where a worker thread's entry module is, from source and inside the compiled binary.
 */

/**
 * The URL to start a Worker of the entry module `serverPath` (relative to src/server, e.g.
 * "transfer-threads/transfer-thread.ts"). From source that is the file itself; in the binary made by
 * `bun build --compile` it is the bundled entry of the same name, which scripts/build.ts places under the same
 * relative path beside the server's own code (every worker entry is listed there).
 */
export function workerUrl(serverPath: string): string {
  return new URL(`./${serverPath}`, import.meta.url).href;
}
