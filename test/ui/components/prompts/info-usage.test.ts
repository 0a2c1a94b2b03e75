import { describe, expect, it } from "bun:test";
import { totalUsage } from "../../../../src/ui/components/prompts/info-usage";

const file = (path: string, size: number) => ({ path, isDir: false, size });
const folder = (path: string) => ({ path, isDir: true, size: 4096 });

describe("totalUsage (File info totals)", () => {
  it("gives a folder's measured contents, not the size of its directory entry", () => {
    expect(totalUsage([folder("/docs/")], { "/docs/": { size: 11, numFiles: 2, numDirs: 1 } })).toEqual({
      size: 11,
      numFiles: 2,
      numDirs: 1,
    });
  });

  it("sums several items: files count themselves, folders count themselves and their contents", () => {
    const measured = { "/a/": { size: 100, numFiles: 3, numDirs: 1 }, "/b/": { size: 0, numFiles: 0, numDirs: 0 } };
    expect(totalUsage([file("/x.txt", 6), folder("/a/"), folder("/b/"), file("/y.txt", 4)], measured)).toEqual({
      size: 110,
      numFiles: 5,
      numDirs: 3,
    });
  });

  it("is null until every folder is measured, and needs no measure for files", () => {
    expect(totalUsage([file("/x.txt", 6), folder("/a/")], {})).toBeNull();
    expect(totalUsage([file("/x.txt", 6)], {})).toEqual({ size: 6, numFiles: 1, numDirs: 0 });
  });
});
