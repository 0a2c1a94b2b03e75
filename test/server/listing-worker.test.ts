import { afterAll, describe, expect, it } from "bun:test";
import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe as describeFile } from "../../src/server/fs/describe";
import { folderName } from "../../src/server/listing/visible-items";
import { listFolder } from "../support/list-folder-sync";
import { entriesOfSync } from "../../src/server/listing/listing-cache/compact";
import { readEntries } from "../../src/server/listing/listing-cache/entries";
import { readCompactSync } from "../../src/server/listing/listing-cache/read-compact";
import { rawNamesOfOpenFolder } from "../../src/server/listing/listing-cache/getdents";
import { bodyInWorker, readInWorker, workersEnabled } from "../../src/server/listing/listing-cache/worker-client";
import { naturalKey, tiedKey } from "../../src/server/listing/listing-cache/natural-key";
import { naturalCompare } from "../../src/server/fs/natural-order";
import { listingCache } from "../../src/server/listing/listing-cache/server-listing-cache";
import { listingBody, type FolderRequest } from "../../src/server/listing/listing-body";
import { presentListing } from "../../src/server/presenters/resource";
import type { Sorting } from "../../src/server/users/types";

const scope = mkdtempSync(join(tmpdir(), "fbe-listing-worker-"));
afterAll(() => rmSync(scope, { recursive: true, force: true }));

const odd = join(scope, "odd");
mkdirSync(join(odd, "sub dir"), { recursive: true });
mkdirSync(join(scope, "inside"));
const names = [
  'quote".txt',
  "back\\slash.md",
  "new\nline.txt",
  "tab\there.TXT",
  "ünïcödé.pdf",
  "日本語.mkv",
  "emoji-😀.jpg",
  ".hidden",
  "file10.txt",
  "file2.txt",
  "FILE1.TXT",
  "noext",
  "trailing.",
  "..dots",
  "a.b.c.TAR.GZ",
  "x\u0001ctl.txt",
];
names.forEach((n, i) => {
  writeFileSync(join(odd, n), "x".repeat(i * 7));
  utimesSync(join(odd, n), new Date(1_600_000_000_000 + i * 1234.5), new Date(1_500_000_000_000 + i * 98765.25));
});
symlinkSync(join(scope, "inside"), join(odd, "link-in"));
symlinkSync("/", join(odd, "link-out"));
symlinkSync(join(scope, "nowhere"), join(odd, "link-broken"));
symlinkSync(join(odd, "file2.txt"), join(odd, "link-file"));
writeFileSync(join(odd, ".fbe-upload-temp"), "partial");
// Not UTF-8: readdir turns it into a name no stat finds, so no listing ever showed it.
writeFileSync(Buffer.concat([Buffer.from(`${odd}/bad`), Buffer.from([0xff, 0xfe]), Buffer.from(".txt")]), "x");

// No links: the body is written by the workers. More than 4096 entries: two threads write half each.
const plain = join(scope, "plain");
mkdirSync(plain);
names.forEach((n, i) => {
  writeFileSync(join(plain, n), n);
  // Times before 1970, on a second's edge and with fractions of a millisecond.
  const when = [-34_560_000_000.5, 0, 1_700_000_000_000, 1_700_000_000_999.75, 86_399_999.9][i % 5] / 1000;
  utimesSync(join(plain, n), when, when);
});
mkdirSync(join(plain, "folder-a"));
mkdirSync(join(plain, ".folder-hidden"));
for (let i = 0; i < 5000; i++)
  writeFileSync(join(plain, `bulk-${i % 7}-${i}.${["txt", "jpg", "MP4", "bin", ""][i % 5]}`), "y".repeat(i % 300));

const byName = <T extends { name: string }>(list: T[]) =>
  [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

describe("natural sort keys", () => {
  it("compare as naturalCompare compares the names, also when made flat with their tie", () => {
    const parts = [
      "0",
      "1",
      "9",
      "00",
      "007",
      "10",
      "a",
      "b",
      "Z",
      "-",
      ".",
      " ",
      "ü",
      "😀",
      "123456789012345678901234567890",
    ];
    let seed = 7;
    const pick = () => parts[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % parts.length];
    const word = () =>
      Array.from({ length: seed % 6 }, pick)
        .join("")
        .toLowerCase();
    for (let k = 0; k < 20_000; k++) {
      const [a, b] = [word(), word()];
      const keys = [naturalKey(a), naturalKey(b)];
      const byKey = keys[0] + "\0" < keys[1] + "\0" ? -1 : keys[0] === keys[1] ? 0 : 1;
      expect([a, b, byKey]).toEqual([a, b, Math.sign(naturalCompare(a, b))]);
      expect(tiedKey(a, k)).toBe(`${keys[0]}\0${String.fromCharCode(k >>> 16, k & 0xffff)}`);
    }
  });
});

describe("the folder worker", () => {
  it("runs here (bun:ffi and Worker available)", () => {
    expect(workersEnabled()).toBe(true);
  });

  it("reads the same entries as the main thread's asynchronous reader: odd names, links in and out, broken links, folders, sizes, mtimes", async () => {
    for (const dir of [odd, plain]) {
      const read = await readInWorker(dir);
      expect(read).not.toBeNull();
      const fromWorker = byName(entriesOfSync(read!.folder));
      const fromMain = byName(await readEntries(dir));
      expect(fromWorker).toEqual(fromMain);
      expect(byName(entriesOfSync(readCompactSync(dir).folder))).toEqual(fromMain);
    }
    const odds = byName(entriesOfSync((await readInWorker(odd))!.folder));
    expect(odds.map((e) => e.name)).not.toContain("link-broken");
    expect(odds.map((e) => e.name)).not.toContain(".fbe-upload-temp");
    expect(odds.some((e) => e.name.startsWith("bad"))).toBe(false);
    expect(odds.find((e) => e.name === "link-in")).toMatchObject({
      isDir: true,
      isSymlink: true,
      realAbs: join(scope, "inside"),
    });
    expect(odds.find((e) => e.name === "new\nline.txt")?.size).toBe(names.indexOf("new\nline.txt") * 7);
  });

  it("answers the read error of a missing folder or a file with its code, as readdir does", async () => {
    const err = await readInWorker(join(scope, "missing")).catch((e: NodeJS.ErrnoException) => e);
    expect((err as NodeJS.ErrnoException).code).toBe("ENOENT");
    const notDir = await readInWorker(join(odd, "file2.txt")).catch((e: NodeJS.ErrnoException) => e);
    expect((notDir as NodeJS.ErrnoException).code).toBe("ENOTDIR");
  });

  it("answers ENOENT, not a read failure, for a folder removed between its open and its read", () => {
    const doomed = join(scope, "doomed");
    mkdirSync(doomed);
    const fd = openSync(doomed, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      expect(rawNamesOfOpenFolder(fd, doomed, (n) => new ArrayBuffer(n))?.count).toBe(0);
      rmdirSync(doomed);
      const err = (() => {
        try {
          return rawNamesOfOpenFolder(fd, doomed, (n) => new ArrayBuffer(n));
        } catch (e) {
          return e as NodeJS.ErrnoException;
        }
      })();
      expect((err as NodeJS.ErrnoException).code).toBe("ENOENT");
    } finally {
      closeSync(fd);
    }
  });

  it("writes bodies byte for byte as JSON.stringify of the synchronous listing, for every sorting and user", async () => {
    for (const by of ["name", "size", "modified", "modeStr"] as const) {
      for (const asc of [true, false]) {
        for (const [showHidden, canModify] of [
          [false, true],
          [true, false],
        ]) {
          const sorting: Sorting = { by, asc };
          const path = "/plain";
          const expected = JSON.stringify(
            presentListing(listFolder(scope, plain, path, showHidden, sorting), canModify, sorting),
          );
          const req: FolderRequest = {
            scopeAbs: scope,
            abs: plain,
            path,
            showHidden,
            isVisible: () => true,
            dir: describeFile(plain, path, folderName(path)),
            sorting,
            canModify,
            hasRules: false,
          };
          listingCache.invalidate(plain);
          const body = await listingBody(req);
          expect(new TextDecoder().decode(body.json)).toBe(expected);
          expect((await listingCache.get(plain)).compact).toBeDefined();
        }
      }
    }
  });

  it("writes the same body whichever thread holds the folder's names", async () => {
    const read = (await readInWorker(plain))!;
    const req = {
      prefix: '{"x":1,"items":[',
      base: "/plain",
      showHidden: true,
      canModify: true,
      sorting: { by: "name", asc: true } as Sorting,
      dirSizes: new Float64Array(read.folder.count).fill(Number.NaN),
    };
    const a = await bodyInWorker(read, req);
    const b = await bodyInWorker({ ...read, readId: -1, nameOrder: undefined }, req);
    expect(a && new TextDecoder().decode(a.json)).toBe(b && new TextDecoder().decode(b.json));
    expect(a?.etag).toBe(b!.etag);
  });
});
