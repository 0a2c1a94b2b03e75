/**
 * @module Streams entries as a POSIX tar through tar-stream (pax records for long or UTF-8 names, base-256 sizes past
 * 8 GiB). tar-stream and streamx load with the first tar, not at start.
 */
import type { Header, Pack } from "tar-stream";
import type { ArchiveEntry } from "./collect";
import { exactly, readFileChunks } from "../fs/read-chunks";

interface Events {
  once(ev: "drain" | "close", fn: () => void): unknown;
  off(ev: "drain" | "close", fn: () => void): unknown;
}

/** Resolves on the first of `drain`, `close` or an abort of `signal` (at once when it is aborted already). */
function drainedOrClosed(sink: Events, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      sink.off("drain", done);
      sink.off("close", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    if (signal.aborted) return done();
    sink.once("drain", done);
    sink.once("close", done);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Adds one entry to `pack`; resolves when tar-stream has taken it whole, rejects when the pack is destroyed. */
function addEntry(
  pack: Pack,
  header: Partial<Header> & { name: string },
  write?: (sink: ReturnType<Pack["entry"]>) => Promise<void>,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const sink = pack.entry(header, (err) => (err ? reject(err) : resolve()));
    if (write) write(sink).then(() => sink.end(undefined), reject);
  });
}

/**
 * Writes every entry into `pack`, waiting on backpressure after each chunk, then finalizes it. An abort of `signal`
 * ends it at its next step and closes the file being read at once (readFileChunks).
 */
async function feed(pack: Pack, entries: AsyncIterable<ArchiveEntry>, signal: AbortSignal): Promise<void> {
  for await (const e of entries) {
    if (signal.aborted) return;
    const header = { name: e.name, mode: e.mode, mtime: new Date(e.mtimeMs), uid: 0, gid: 0 };
    if (e.isDir) {
      await addEntry(pack, { ...header, type: "directory" });
      continue;
    }
    await addEntry(pack, { ...header, type: "file", size: e.size }, async (sink) => {
      for await (const chunk of exactly(readFileChunks(e.abs, signal, e.scope), e.size)) {
        if (signal.aborted) return;
        // A destroyed pack closes the sink, which ends the wait as well; so does a stop.
        if (!sink.write(chunk)) await drainedOrClosed(sink as unknown as Events, signal);
        if (signal.aborted) return;
      }
    });
  }
  pack.finalize();
}

/**
 * A tar of `entries`, pull-based: tar-stream's streamx Readable is wrapped in a ReadableStream that reads
 * one chunk per pull (measured with Bun 1.4.5: Readable.toWeb fails on streamx). Aborting `signal` or
 * cancelling the stream destroys the pack and closes the file being read. tar-stream loads when the stream starts.
 */
export function tarStream(entries: AsyncIterable<ArchiveEntry>, signal: AbortSignal): ReadableStream<Uint8Array> {
  let pack: Pack | undefined;
  let chunks: AsyncIterator<Uint8Array>;
  // Stops the feed on an abort of `signal` and on a cancel of the stream alike: a cancel alone once left the feed
  // waiting on a drain that never came, holding the file being read open until the garbage collector closed it.
  const stop = new AbortController();
  const destroy = () => {
    stop.abort();
    pack?.destroy();
  };
  return new ReadableStream<Uint8Array>(
    {
      async start() {
        pack = (await import("tar-stream")).pack();
        chunks = pack[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
        // Cancelled or aborted while tar-stream loaded: the pack ends at once and no file is opened.
        if (stop.signal.aborted || signal.aborted) return void destroy();
        signal.addEventListener("abort", destroy, { once: true });
        const p = pack;
        feed(p, entries, stop.signal).catch((err) => p.destroy(err));
      },
      async pull(ctrl) {
        const { value, done } = await chunks.next();
        if (done) {
          signal.removeEventListener("abort", destroy);
          ctrl.close();
        } else ctrl.enqueue(value);
      },
      cancel: destroy,
    },
    { highWaterMark: 0 },
  );
}
