import { afterAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe as describeFile } from "../../src/server/fs/describe";
import { folderName } from "../../src/server/listing/visible-items";
import { listFolder } from "../support/list-folder-sync";
import { pathFilter } from "../../src/server/fs/rules";
import { presentListing } from "../../src/server/presenters/resource";
import { listingBody, type FolderRequest } from "../../src/server/listing/listing-body";
import { listFolderCached } from "../../src/server/listing/list-folder";
import type { Sorting } from "../../src/server/users/types";

const scope = mkdtempSync(join(tmpdir(), "fbe-listing-body-"));
afterAll(() => rmSync(scope, { recursive: true, force: true }));

const dir = join(scope, "mixed");
mkdirSync(join(dir, "sub dir"), { recursive: true });
mkdirSync(join(scope, "elsewhere"));
const names = [
  'quote".txt',
  "back\\slash.md",
  "tab\there.txt",
  "ünïcödé.pdf",
  "emoji-😀.jpg",
  ".hidden",
  "file10.txt",
  "file2.txt",
  "FILE1.TXT",
  "noext",
  "deny-me.log",
];
names.forEach((n, i) => writeFileSync(join(dir, n), "x".repeat(i * 3)));
symlinkSync(join(scope, "elsewhere"), join(dir, "link-in"));
symlinkSync("/", join(dir, "link-out"));
for (let i = 0; i < 5000; i++) writeFileSync(join(dir, `bulk-${i}.txt`), "");

const deny = { allow: false, path: "/mixed/deny-me.log", regex: false, regexp: { raw: "" } };

async function both(sorting: Sorting, showHidden: boolean, canModify: boolean, rules: unknown[]) {
  const isVisible = pathFilter([], rules as never);
  const path = "/mixed";
  const expected = JSON.stringify(
    presentListing(listFolder(scope, dir, path, showHidden, sorting, isVisible), canModify, sorting),
  );
  const req: FolderRequest = {
    scopeAbs: scope,
    abs: dir,
    path,
    showHidden,
    isVisible,
    dir: describeFile(dir, path, folderName(path)),
    sorting,
    canModify,
    hasRules: rules.length > 0,
  };
  const first = new TextDecoder().decode((await listingBody(req)).json);
  const again = new TextDecoder().decode((await listingBody(req)).json);
  const listed = JSON.stringify(
    presentListing(await listFolderCached(scope, dir, path, showHidden, sorting, isVisible), canModify, sorting),
  );
  return { expected, first, again, listed };
}

describe("listing bodies from the cache", () => {
  for (const by of ["name", "size", "modified", "modeStr"] as const) {
    for (const asc of [true, false]) {
      it(`equal JSON.stringify of the synchronous listing, sorted by ${by} ${asc ? "ascending" : "descending"}`, async () => {
        for (const [showHidden, canModify, rules] of [
          [false, true, []],
          [true, false, []],
          [false, true, [deny]],
        ] as const) {
          const { expected, first, again, listed } = await both({ by, asc }, showHidden, canModify, [...rules]);
          expect(listed).toBe(expected);
          expect(first).toBe(expected);
          expect(again).toBe(expected);
        }
      });
    }
  }
});

describe("ByteSink", () => {
  it("writes the UTF-8 of every piece, growing past its estimate", async () => {
    const { ByteSink } = await import("../../src/server/listing/byte-sink");
    const pieces = ["ab", "ünï", "😀😀😀", "x".repeat(100), "ç"];
    const sink = new ByteSink(3);
    for (const p of pieces) sink.write(p);
    expect(Buffer.from(sink.bytes()).toString("utf8")).toBe(pieces.join(""));
    expect(sink.hashes).toHaveLength(pieces.length);
  });
});
