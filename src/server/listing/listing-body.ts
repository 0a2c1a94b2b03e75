/**
 * @module The JSON body of a folder GET built from the listing cache without holding the event loop: entries
 * filtered for the user (hidden files, rules, links), sorted, presented and serialized in slices. The body of the
 * common case (no rules, no links in the folder) is kept with the cached folder per scope, path, sorting,
 * showHidden and modify permission (every field that differs between users), with its ETag and compressed forms,
 * so a repeated listing is a memory copy.
 */
import { join } from "node:path";
import { realpathSync } from "node:fs";
import { FsError } from "../fs/fs-error";
import { isInside } from "../fs/scope";
import { gzip, brotliCompress, constants } from "node:zlib";
import { promisify } from "node:util";
import type { Sorting } from "../users/types";
import type { FileInfo } from "../fs/file-info";
import { folderSizeOf } from "../fs/changes";
import { presentFile } from "../presenters/resource";
import { modeStringOf } from "../presenters/mode-string";
import { visibleItems, type ListingViewer } from "./visible-items";
import type { CachedEntry } from "./listing-cache/entries";
import type { CachedFolder } from "./listing-cache/folder-cache";
import { freshFolder, listingCache } from "./listing-cache/server-listing-cache";
import { canPresort, presorted, sortedBy } from "./listing-cache/sorted";
import { SLICE, yieldToLoop } from "./listing-cache/yielding";
import { ByteSink } from "./byte-sink";
import { workerBody, workerCanWrite } from "./worker-body";
import { entriesReady } from "./listing-cache/compact";
import { BoundedCache } from "../bounded-cache";

/** A folder GET: who lists (ListingViewer), the folder's own fresh info, and the per-user fields of the answer. */
export interface FolderRequest extends ListingViewer {
  dir: FileInfo;
  sorting: Sorting;
  canModify: boolean;
  /** True when global or user rules exist (the body then depends on them and is not kept). */
  hasRules: boolean;
}

/** Content codings a body can be sent in besides identity. */
export type Coding = "gzip" | "br";

/** A serialized listing: the JSON bytes, a weak ETag over them, and the body in a content coding. */
export interface ListingBody {
  json: Uint8Array;
  etag: string;
  encoded: (coding: Coding) => Promise<Uint8Array>;
}

interface Kept {
  body: ListingBody;
  head: string;
  /** Index sizes of the listed subfolders when the body was built (they change without touching this folder). */
  dirSizes: [string, number | null][];
  bytes: number;
}

/** Items from which a built listing asks for a garbage collection. */
const GC_AFTER = 20_000;

/** Bodies being built, per cached folder and body key (with the folder's own JSON). */
const inFlight = new WeakMap<CachedFolder, Map<string, Promise<ListingBody>>>();

const compressors: Record<Coding, (b: Uint8Array) => Promise<Uint8Array>> = {
  gzip: (b) => promisify(gzip)(b, { level: 6 }),
  br: (b) =>
    promisify(brotliCompress)(b, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    }),
};

/**
 * Refuses a cached folder read somewhere outside the scope `scopeAbs`: a folder of the scope swapped for a link out
 * between the resolver's check and the read (docs/security.md "Paths and races") was read there.
 * @throws FsError OUTSIDE_SCOPE (403).
 */
export function assertReadInScope(folder: CachedFolder, scopeAbs: string): void {
  if (folder.real === undefined) return;
  // The scope folder's real path is remembered: a scope is the operator's folder and rarely moves. A folder that
  // seems outside is judged again on a fresh realpath before it is refused.
  if (isInside(scopeReal(scopeAbs, false), folder.real) || isInside(scopeReal(scopeAbs, true), folder.real)) return;
  throw new FsError("OUTSIDE_SCOPE", "path escapes the scope");
}

const SCOPE_REALS_MAX = 1024;
/** Real paths of scope folders, by their path; at most SCOPE_REALS_MAX are kept. */
const scopeReals = new BoundedCache<string, string>(SCOPE_REALS_MAX);

/** The real path of the scope folder `scopeAbs`, remembered unless `fresh`. */
function scopeReal(scopeAbs: string, fresh: boolean): string {
  let real = fresh ? undefined : scopeReals.get(scopeAbs);
  if (real === undefined) {
    real = realpathSync(scopeAbs);
    scopeReals.set(scopeAbs, real);
  }
  return real;
}

/**
 * The body answering `req` (the same bytes JSON.stringify(presentListing(...)) gives for the folder read straight
 * from disk, as the tests check). Throws the read error of the folder (ENOENT, EACCES...).
 */
export async function listingBody(req: FolderRequest): Promise<ListingBody> {
  const folder = await freshFolder(req.abs);
  assertReadInScope(folder, req.scopeAbs);
  const head = JSON.stringify(presentFile(req.dir, req.canModify));
  const key = !req.hasRules && !folder.linksAndFolders.some((e) => e.isSymlink) ? keptKey(req) : null;
  const kept = key ? (folder.derived.get(key)?.value as Kept | undefined) : undefined;
  if (kept && kept.head === head && kept.dirSizes.every(([abs, size]) => folderSizeOf(abs) === size)) return kept.body;
  if (!key) {
    const { json, etag } = await serialize(head, await orderedItems(req, folder), req);
    return plainBody(json, etag);
  }
  // Concurrent requests for the same body (a burst on a folder just changed) build it once.
  let flights = inFlight.get(folder);
  if (!flights) inFlight.set(folder, (flights = new Map()));
  const flight = `${key}\0${head}`;
  let body = flights.get(flight);
  if (!body) {
    const mine = flights;
    body = keepBody(req, folder, key, head).finally(() => mine.delete(flight));
    flights.set(flight, body);
  }
  return body;
}

/** Builds the body of `req` and keeps it with `folder` under `key`, its compressed forms added as they are made. */
async function keepBody(req: FolderRequest, folder: CachedFolder, key: string, head: string): Promise<ListingBody> {
  const written = workerCanWrite(req, folder) ? await workerBody(req, folder, head) : null;
  const { json, etag, dirSizes } = written ?? (await mainThreadBody(req, folder, head));
  const made: Kept = {
    body: plainBody(json, etag),
    head,
    dirSizes,
    bytes: json.buffer.byteLength + 2 * head.length + 64 * dirSizes.length,
  };
  const coded = new Map<Coding, Promise<Uint8Array>>();
  made.body.encoded = (coding) => {
    let p = coded.get(coding);
    if (!p) {
      p = compressors[coding](json);
      coded.set(coding, p);
      void p.then(
        (bytes) => {
          made.bytes += bytes.length;
          listingCache.setDerived(req.abs, folder, key, made, made.bytes);
        },
        () => coded.delete(coding),
      );
    }
    return p;
  };
  listingCache.setDerived(req.abs, folder, key, made, made.bytes);
  return made.body;
}

/** The body of `req` serialized on the main thread, with the index totals of the listed subfolders it used. */
async function mainThreadBody(
  req: FolderRequest,
  folder: CachedFolder,
  head: string,
): Promise<{ json: Uint8Array; etag: string; dirSizes: [string, number | null][] }> {
  const items = await orderedItems(req, folder);
  const { json, etag } = await serialize(head, items, req);
  const dirSizes = items
    .filter((i) => i.isDir)
    .map((i): [string, number | null] => [join(req.abs, i.name), folderSizeOf(join(req.abs, i.name))]);
  return { json, etag, dirSizes };
}

function keptKey(req: FolderRequest): string {
  return `body:${[req.scopeAbs, req.path, req.showHidden, req.canModify, req.sorting.by, req.sorting.asc].join("\0")}`;
}

function plainBody(json: Uint8Array, etag: string): ListingBody {
  return { json, etag, encoded: (coding) => compressors[coding](json) };
}

/** The items `req`'s user sees in `folder` (a cached folder) in the order of their sorting, filtered in slices. */
export async function orderedItems(
  req: ListingViewer & { sorting: Sorting },
  folder: CachedFolder,
): Promise<FileInfo[]> {
  const all = await entriesReady(folder, SLICE, yieldToLoop);
  const presort = canPresort(all, req.sorting);
  const entries: readonly CachedEntry[] = presort ? await presorted(listingCache, req.abs, folder, req.sorting) : all;
  const items: FileInfo[] = [];
  for (let i = 0; i < entries.length; i += SLICE) {
    items.push(...visibleItems(entries.slice(i, i + SLICE), req));
    if (entries.length > SLICE) await yieldToLoop();
  }
  return presort ? items : sortedBy(items, req.sorting);
}

/**
 * JSON of presentListing with `head` (the folder's own presented JSON) as bytes and their weak ETag, serialized
 * and encoded SLICE items at a time straight into one buffer (one 25 MB string would hold the event loop for over
 * 100 ms; encoded parts joined at the end would double the peak memory).
 */
async function serialize(
  head: string,
  items: FileInfo[],
  req: FolderRequest,
): Promise<{ json: Uint8Array; etag: string }> {
  const sink = new ByteSink(256 + 3 * head.length + 280 * items.length);
  sink.write(`${head.slice(0, -1)},"items":[`);
  let numDirs = 0;
  for (let i = 0; i < items.length; i += SLICE) {
    const slice = items.slice(i, i + SLICE);
    for (const item of slice) if (item.isDir) numDirs++;
    const json = slice.map((item) => itemJson(item, req.canModify)).join(",");
    sink.write(i === 0 ? json : `,${json}`);
    if (items.length > SLICE) await yieldToLoop();
  }
  // A large listing leaves tens of MB of short-lived objects: a collection now keeps the peak RSS down (measured:
  // 355 -> 245 MiB after three 100k builds) and runs beside the loop (no pause above the machine's noise).
  if (items.length >= GC_AFTER) Bun.gc(false);
  sink.write(`],"numDirs":${numDirs},"numFiles":${items.length - numDirs},"sorting":${JSON.stringify(req.sorting)}}`);
  const json = sink.bytes();
  return { json, etag: `W/"${Bun.hash(sink.hashes.join(".")).toString(36)}-${json.length.toString(36)}"` };
}

const q = JSON.stringify;

/**
 * JSON.stringify(presentFile(info, canModify)) written directly (same keys, order and escaping), without the
 * intermediate object: a third less garbage and time on large folders.
 */
function itemJson(info: FileInfo, canModify: boolean): string {
  const type = info.type === "text" && !canModify ? "textImmutable" : info.type;
  const modeStr = modeStringOf(info.mode, info.isDir, info.isSymlink);
  const path = q(info.path);
  const url = q(`/files${info.path}`);
  const modified = new Date(info.modifiedMs).toISOString();
  return `{"name":${q(info.name)},"path":${path},"url":${url},"size":${q(info.size)},"modified":"${modified}","mode":${q(info.mode)},"modeStr":${q(modeStr)},"isDir":${info.isDir},"isSymlink":${info.isSymlink},"type":${q(type)},"extension":${q(info.extension)}${info.sizeKnown === undefined ? "" : `,"sizeKnown":${info.sizeKnown}`}}`;
}
