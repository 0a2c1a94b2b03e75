import { describe, expect, it } from "bun:test";
import { flattenEntries, sourcesFromFiles, topLevelNames, type EntryLike } from "../../../src/ui/stores/upload-tree";

/** A fake FileSystemFileEntry. */
function file(name: string, content = name): EntryLike {
  return { name, isFile: true, isDirectory: false, file: (ok) => ok(new File([content], name)) };
}

/** A fake FileSystemDirectoryEntry whose reader answers in batches of two, then an empty batch (as browsers do). */
function dir(name: string, children: EntryLike[]): EntryLike {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok) => {
          const batch = children.slice(at, at + 2);
          at += batch.length;
          setTimeout(() => ok(batch), 0);
        },
      };
    },
  };
}

describe("upload tree", () => {
  it("flattens dropped folders into relative paths, keeping the structure", async () => {
    const tree = await flattenEntries([
      dir("album", [file("a.jpg"), dir("2024", [file("b.jpg"), file("c.jpg"), file("d.jpg")]), dir("empty", [])]),
      file("loose.txt"),
    ]);
    expect(tree.files.map((f) => f.relativePath)).toEqual([
      "album/a.jpg",
      "album/2024/b.jpg",
      "album/2024/c.jpg",
      "album/2024/d.jpg",
      "loose.txt",
    ]);
    expect(tree.emptyDirs).toEqual(["album/empty"]);
    expect(await tree.files[0].file.text()).toBe("a.jpg");
  });

  it("names the top-level items for the replace check", async () => {
    const tree = await flattenEntries([dir("album", [file("a.jpg"), file("b.jpg")]), file("x.txt"), dir("e", [])]);
    expect(topLevelNames(tree)).toEqual(["album", "x.txt", "e"]);
  });

  it("uses webkitRelativePath from a folder pick, else the name", () => {
    const picked = new File(["1"], "a.txt");
    Object.defineProperty(picked, "webkitRelativePath", { value: "folder/sub/a.txt" });
    const plain = new File(["2"], "b.txt");
    expect(sourcesFromFiles([picked, plain]).map((s) => s.relativePath)).toEqual(["folder/sub/a.txt", "b.txt"]);
  });
});
