/** @module Unit tests of the version rules: which files compare how, and the folded line diff. */
import { describe, expect, it } from "bun:test";
import { compareKind, lineDiff } from "../../../src/ui/stores/version-rules";

const numbered = (n: number, change?: [number, string]) =>
  `${Array.from({ length: n }, (_, i) => (change && change[0] === i ? change[1] : `line ${i + 1}`)).join("\n")}\n`;

describe("compareKind", () => {
  it("compares texts line by line, pictures side by side, and nothing else", () => {
    expect(compareKind("text")).toBe("text");
    expect(compareKind("textImmutable")).toBe("text");
    expect(compareKind("image")).toBe("image");
    expect(compareKind("video")).toBeNull();
    expect(compareKind("blob")).toBeNull();
  });
});

describe("lineDiff", () => {
  it("marks the version's line removed and the current line added, keeping the lines around them", () => {
    expect(lineDiff("a\nb\nc\n", "a\nB\nc\n")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "same", text: "c" },
    ]);
  });

  it("folds unchanged runs beyond 3 lines of context on each side of a change", () => {
    const rows = lineDiff(numbered(20), numbered(20, [10, "changed"])) ?? [];
    expect(rows[0]).toEqual({ kind: "folded", count: 7 });
    expect(rows.slice(1, 4).map((r) => ("text" in r ? r.text : ""))).toEqual(["line 8", "line 9", "line 10"]);
    expect(rows.filter((r) => r.kind === "removed" || r.kind === "added")).toEqual([
      { kind: "removed", text: "line 11" },
      { kind: "added", text: "changed" },
    ]);
    expect(rows[rows.length - 1]).toEqual({ kind: "folded", count: 6 });
  });

  it("gives no row for identical texts", () => {
    expect(lineDiff("same\n", "same\n")).toEqual([]);
  });
});
