import { describe, expect, it } from "bun:test";
import { numberedName, pickFreeName, splitForNumbering } from "../../../src/server/fs/free-name";

describe("free names for conflicting copies and moves", () => {
  it("numbers a file before its extension and a folder at the end", () => {
    expect(numberedName("report.pdf", 1, false)).toBe("report (1).pdf");
    expect(numberedName("photos", 2, true)).toBe("photos (2)");
    expect(numberedName("v1.2", 1, true)).toBe("v1.2 (1)");
  });

  it("keeps compound tar extensions whole and treats dotfiles and bare names as extension-less", () => {
    expect(numberedName("logs.tar.gz", 1, false)).toBe("logs (1).tar.gz");
    expect(splitForNumbering(".env", false)).toEqual([".env", ""]);
    expect(splitForNumbering("Makefile", false)).toEqual(["Makefile", ""]);
    expect(splitForNumbering(".tar.gz", false)).toEqual([".tar", ".gz"]);
  });

  it("returns the name itself when it is free, else the first free numbered name in order", async () => {
    const taken = new Set(["a.txt", "a (1).txt", "a (2).txt"]);
    const asked: string[] = [];
    const isTaken = async (n: string) => (asked.push(n), taken.has(n));
    expect(await pickFreeName("b.txt", false, isTaken)).toBe("b.txt");
    expect(await pickFreeName("a.txt", false, isTaken)).toBe("a (3).txt");
    expect(asked).toEqual(["b.txt", "a.txt", "a (1).txt", "a (2).txt", "a (3).txt"]);
  });
});
