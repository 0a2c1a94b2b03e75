/**
 * @module Entry of the folder worker thread (an extra entrypoint of the compiled binary, see scripts/build.ts):
 * reads folders (read-compact.ts) and writes listing bodies (listing/compact-body.ts) away from the event loop.
 * Messages: { id, op: "read", abs } answers { id, folder, readId }; { id, op: "body", readId, folder, req } answers
 * { id, json, etag }; a failure answers { id, error: { message, code } }.
 */
import { compactBody, type CompactBodyRequest } from "../../listing/compact-body";
import { nameAt, type CompactFolder } from "./compact";
import { readCompactSync } from "./read-compact";

type Request = { id: number; op: "read"; abs: string } | { id: number; op: "body"; readId: number; folder: CompactFolder; req: CompactBodyRequest };

/** Names of the folders read last by read id (decoding them again costs more than keeping a few). */
const recentNames = new Map<number, string[]>();
const KEEP_NAMES = 4;
let reads = 0;

const port = self as unknown as { onmessage: ((e: MessageEvent<Request>) => void) | null; postMessage: (msg: unknown, transfer?: Transferable[]) => void };

port.onmessage = (e) => {
  const m = e.data;
  try {
    if (m.op === "read") {
      const { folder, names } = readCompactSync(m.abs);
      const readId = ++reads;
      recentNames.set(readId, names);
      for (const key of recentNames.keys()) if (recentNames.size > KEEP_NAMES) recentNames.delete(key);
      const buffers = [folder.names, folder.nameEnds, folder.size, folder.mtime, folder.mode, folder.flags].map((a) => a.buffer as ArrayBuffer);
      port.postMessage({ id: m.id, folder, readId }, buffers);
    } else {
      const names = recentNames.get(m.readId);
      const nameOf = names && names.length === m.folder.count ? (i: number) => names[i] : (i: number) => nameAt(m.folder, i);
      const { json, etag } = compactBody(m.folder, nameOf, m.req);
      port.postMessage({ id: m.id, json, etag }, [json.buffer as ArrayBuffer]);
    }
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    port.postMessage({ id: m.id, error: { message: String(e?.message ?? err), code: e?.code, errno: e?.errno, syscall: e?.syscall, path: e?.path } });
  }
};
