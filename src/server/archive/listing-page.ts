/**
 * @module One page of an archive's entries with the totals of the whole archive, for GET ?probe=yes (docs/product.md
 * "Archive entry" Archive entry; docs/security.md "Archives"). 7-Zip's listing is read as it is printed and only the
 * asked page is kept, so memory stays flat whatever the number of entries; one listing per archive runs at a time.
 */
import { readdir, stat } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { ARCHIVE_PAGE_MAX } from "../../shared/wire/metainfo";
import { ARCHIVE_LIST_FAILED } from "../../shared/wire/archive-list-refusal";
import {
  decodeEntry,
  pathDecoder,
  runSevenZipListStream,
  type ArchiveEntry,
  type RawArchiveEntry,
} from "../tools/sevenzip";
import { ToolFailed } from "../tools/spawn";
import { BadRequest } from "../errors";
import { listOneAtATime } from "./listing-queue";
import { findVolumeSet, isVolumeName } from "./volume-set";
import type { ScopedFile } from "../tools/tool-input";

/** The answer of a listing that ran past its time limit. */
export const ARCHIVE_LIST_TOO_SLOW = "the archive takes too long to list";
/**
 * Bytes of names that are not UTF-8 the names' encoding is judged on: plenty for a guess (name-encoding.ts), and
 * the same first names for every page, so all pages decode alike.
 */
const LEGACY_SAMPLE_BYTES = 256 * 1024;
/** The largest offset taken (2^31 - 1): far beyond any archive 7-Zip lists. */
const OFFSET_MAX = 2147483647;

/** Which entries to answer: `limit` of them from index `offset` in 7-Zip's order. */
export interface ListingPageRequest {
  offset: number;
  limit: number;
}

/** One page of entries and the totals of the whole archive. */
export interface ArchiveListingPage extends ListingPageRequest {
  entries: ArchiveEntry[];
  /** Entries in the archive, folders included. */
  total: number;
  files: number;
  folders: number;
  /** Bytes of all the files once unpacked. */
  size: number;
}

/** What listArchivePage needs. */
export interface ListingPageOptions {
  /** The 7-Zip engine (tools/sevenzip.ts findSevenZip). */
  engine: string;
  /** The archive (already resolved in the user's scope): 7-Zip reads it through a descriptor opened beneath it. */
  file: ScopedFile;
  page: ListingPageRequest;
  signal: AbortSignal;
  /** Kill 7-Zip after this many ms. */
  timeoutMs: number;
}

/**
 * The page named by the `offset` and `limit` query values (absent: the first ARCHIVE_PAGE_MAX entries).
 * @throws BadRequest (400) for a value that is not a whole number in range.
 */
export function parseListingPage(offset: string | undefined, limit: string | undefined): ListingPageRequest {
  return {
    offset: wholeNumber("offset", offset, 0, 0, OFFSET_MAX),
    limit: wholeNumber("limit", limit, ARCHIVE_PAGE_MAX, 1, ARCHIVE_PAGE_MAX),
  };
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new BadRequest(`${name} must be a whole number from ${min} to ${max}`);
  return Number(raw);
}

/**
 * Lists the archive without a password and answers the entries of `o.page` with the archive's totals. Requests for
 * the same archive share or wait for the one listing running (listing-queue.ts).
 * @throws BadRequest (400) with ARCHIVE_LIST_FAILED when 7-Zip cannot list it (encrypted names, not an archive) or
 * it has no entries, never 7-Zip's own words (they name the file on disk); ARCHIVE_LIST_TOO_SLOW past the time
 * limit; ToolAborted when the request went away; fs errors of the archive's stat.
 */
export async function listArchivePage(o: ListingPageOptions): Promise<ArchiveListingPage> {
  const st = await stat(o.file.abs);
  const { offset, limit } = o.page;
  const page = await listOneAtATime(`${st.dev}:${st.ino}`, `${offset}:${limit}`, o.signal, (signal) =>
    readPage(o, signal),
  ).catch((err) => {
    if (err instanceof ToolFailed)
      throw new BadRequest(
        err.exitCode === null && err.stderr.startsWith("timed out") ? ARCHIVE_LIST_TOO_SLOW : ARCHIVE_LIST_FAILED,
      );
    throw err;
  });
  if (page.total === 0) throw new BadRequest(ARCHIVE_LIST_FAILED);
  return page;
}

/** Runs the listing, counting every entry and keeping those of the page. */
async function readPage(o: ListingPageOptions, signal: AbortSignal): Promise<ArchiveListingPage> {
  const { offset, limit } = o.page;
  const kept: RawArchiveEntry[] = [];
  let total = 0,
    files = 0,
    folders = 0,
    size = 0;
  const onEntry = (e: RawArchiveEntry) => {
    if (total >= offset && total < offset + limit) kept.push(e);
    total++;
    if (e.isDir) folders++;
    else {
      files++;
      size += e.size;
    }
  };
  // A volume of a set is read through its folder: 7-Zip opens the other volumes by name beside it.
  const name = basename(o.file.abs);
  const volumes =
    isVolumeName(name) || findVolumeSet(name, await readdir(dirname(o.file.abs)).catch(() => [])).members.length > 1;
  const archive = volumes ? { firstVolume: o.file } : o.file;
  const header = await runSevenZipListStream(o.engine, archive, {
    password: "",
    signal,
    onEntry,
    legacySampleBytes: LEGACY_SAMPLE_BYTES,
    timeoutMs: o.timeoutMs,
  });
  const decode = pathDecoder(header.nameEncoding);
  return { offset, limit, total, files, folders, size, entries: kept.map((e) => decodeEntry(e, decode)) };
}
