import { describe, expect, it } from "bun:test";
import { sortItems, toggleSorting } from "../../../src/ui/stores/sort-items";

const item = (name: string, size: number, modified: string, modeStr = "-rw-r--r--") => ({
  name,
  size,
  modified,
  modeStr,
});
const items = [
  item("file10.txt", 5, "2026-01-03T00:00:00Z"),
  item("File2.txt", 50, "2026-01-01T00:00:00Z", "-rwxr-xr-x"),
  item("a.txt", 5, "2026-01-02T00:00:00Z"),
];

describe("listing order", () => {
  it("sorts names naturally and case-insensitively", () => {
    expect(sortItems(items, { by: "name", asc: true }).map((i) => i.name)).toEqual([
      "a.txt",
      "File2.txt",
      "file10.txt",
    ]);
    expect(sortItems(items, { by: "name", asc: false }).map((i) => i.name)).toEqual([
      "file10.txt",
      "File2.txt",
      "a.txt",
    ]);
  });

  it("sorts by size with name as the tie-break", () => {
    expect(sortItems(items, { by: "size", asc: true }).map((i) => i.name)).toEqual([
      "a.txt",
      "file10.txt",
      "File2.txt",
    ]);
  });

  it("sorts folders by their known total size; a folder whose total is unknown counts as 0, not 4096", () => {
    const folder = (name: string, size: number, sizeKnown: boolean) => ({
      ...item(name, size, "2026-01-01T00:00:00Z", "drwxr-xr-x"),
      sizeKnown,
    });
    const dirs = [folder("big", 9000, true), folder("unknown", 4096, false), folder("small", 10, true)];
    expect(sortItems(dirs, { by: "size", asc: true }).map((i) => i.name)).toEqual(["unknown", "small", "big"]);
    expect(sortItems(dirs, { by: "size", asc: false }).map((i) => i.name)).toEqual(["big", "small", "unknown"]);
  });

  it("sorts by modified and by mode", () => {
    expect(sortItems(items, { by: "modified", asc: false }).map((i) => i.name)).toEqual([
      "file10.txt",
      "a.txt",
      "File2.txt",
    ]);
    expect(sortItems(items, { by: "modeStr", asc: true }).map((i) => i.name)[0]).toBe("a.txt");
  });

  it("does not change the input", () => {
    const copy = [...items];
    sortItems(items, { by: "size", asc: false });
    expect(items).toEqual(copy);
  });

  it("toggles: same column flips, another column starts ascending", () => {
    expect(toggleSorting({ by: "name", asc: true }, "name")).toEqual({ by: "name", asc: false });
    expect(toggleSorting({ by: "name", asc: false }, "size")).toEqual({ by: "size", asc: true });
  });
});
