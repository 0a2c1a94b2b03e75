import { beforeEach, describe, expect, it, mock } from "bun:test";

// The store talks to the server through the resource API; record the calls instead. Module mocks last for the
// whole run, so each keeps the real module's other exports.
const calls: string[] = [];
const actions = await import("../../../src/ui/api/resource-actions");
const request = await import("../../../src/ui/stores/current-resource");
mock.module("../../../src/ui/api/resource-actions", () => ({
  ...actions,
  moveResource: async (from: string, to: string) => void calls.push(`move ${from} -> ${to}`),
  copyResource: async (from: string, to: string, policy: string) =>
    void calls.push(`copy ${from} -> ${to} (${policy})`),
}));
mock.module("../../../src/ui/stores/current-resource", () => ({ ...request, reload: async () => {} }));

const { clearClipboard, clipboardContent, copyToClipboard, cutToClipboard, pasteInto } = await import(
  "../../../src/ui/stores/clipboard"
);

describe("clipboard store", () => {
  beforeEach(() => {
    calls.length = 0;
    clearClipboard();
  });

  it("Ctrl+C then Ctrl+V copies each item into the folder and keeps the clipboard", async () => {
    copyToClipboard(["/a/one.txt", "/a/sub/"]);
    await pasteInto("/b/");
    expect(calls).toEqual(["copy /a/one.txt -> /b/one.txt (fail)", "copy /a/sub/ -> /b/sub/ (fail)"]);
    expect(clipboardContent()).toEqual({ mode: "copy", paths: ["/a/one.txt", "/a/sub/"] });
  });

  it("Ctrl+X then Ctrl+V moves and empties the clipboard", async () => {
    cutToClipboard(["/a/one.txt"]);
    await pasteInto("/b/");
    expect(calls).toEqual(["move /a/one.txt -> /b/one.txt"]);
    expect(clipboardContent()).toEqual({ mode: null, paths: [] });
  });

  it("a copy pasted into its own folder keeps both", async () => {
    copyToClipboard(["/a/one.txt"]);
    await pasteInto("/a/");
    expect(calls).toEqual(["copy /a/one.txt -> /a/one.txt (rename)"]);
  });

  it("a cut pasted into its own folder changes nothing", async () => {
    cutToClipboard(["/a/one.txt"]);
    await pasteInto("/a/");
    expect(calls).toEqual([]);
  });

  it("pasting an empty clipboard does nothing", async () => {
    await pasteInto("/b/");
    expect(calls).toEqual([]);
  });
});
