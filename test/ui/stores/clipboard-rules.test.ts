import { describe, expect, it } from "bun:test";
import { afterPaste, EMPTY_CLIPBOARD, pasteAction, putOnClipboard } from "../../../src/ui/stores/clipboard-rules";

describe("clipboard rules", () => {
  it("copy then paste copies, cut then paste moves", () => {
    expect(pasteAction(putOnClipboard(EMPTY_CLIPBOARD, "copy", ["/a.txt"]))).toBe("copy");
    expect(pasteAction(putOnClipboard(EMPTY_CLIPBOARD, "cut", ["/a.txt"]))).toBe("move");
  });

  it("has nothing to paste when empty", () => {
    expect(pasteAction(EMPTY_CLIPBOARD)).toBeNull();
  });

  it("keeps the clipboard when nothing was selected", () => {
    const clip = putOnClipboard(EMPTY_CLIPBOARD, "copy", ["/a.txt"]);
    expect(putOnClipboard(clip, "cut", [])).toEqual(clip);
  });

  it("uses up a cut after pasting, but a copy can be pasted again", () => {
    expect(afterPaste({ mode: "cut", paths: ["/a"] })).toEqual(EMPTY_CLIPBOARD);
    expect(afterPaste({ mode: "copy", paths: ["/a"] })).toEqual({ mode: "copy", paths: ["/a"] });
  });
});
