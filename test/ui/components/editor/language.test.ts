import { describe, expect, it } from "bun:test";
import { describeLanguage, loadLanguage } from "../../../../src/ui/components/editor/language";
import { opensInEditor } from "../../../../src/ui/stores/editor-rules";

describe("editor language by file name", () => {
  it("matches common extensions and special file names", () => {
    expect(describeLanguage("notes.md")?.name).toBe("Markdown");
    expect(describeLanguage("app.tsx")?.name).toBe("TSX");
    expect(describeLanguage("main.py")?.name).toBe("Python");
    expect(describeLanguage("Dockerfile")?.name).toBe("Dockerfile");
  });

  it("has no mode for plain text", () => {
    expect(describeLanguage("readme.txt")).toBeNull();
  });

  it("loads the mode lazily", async () => {
    expect(await loadLanguage("a.json")).not.toBeNull();
    expect(await loadLanguage("a.unknownext")).toBeNull();
  });
});

describe("which files open in the editor", () => {
  const perm = {
    admin: false,
    execute: false,
    create: false,
    rename: false,
    modify: true,
    delete: false,
    share: false,
    download: false,
    publish: false,
  };
  it("opens text with content for a user who may modify", () => {
    expect(opensInEditor({ type: "text", content: "x" }, perm)).toBe(true);
  });
  it("keeps read-only text, text without content and other types in the preview", () => {
    expect(opensInEditor({ type: "text", content: "x" }, { ...perm, modify: false })).toBe(false);
    expect(opensInEditor({ type: "textImmutable", content: "x" }, perm)).toBe(false);
    expect(opensInEditor({ type: "text" }, perm)).toBe(false);
    expect(opensInEditor({ type: "image", content: "x" }, perm)).toBe(false);
  });
  it("keeps .nfo files in their preview, whatever the permissions", () => {
    expect(opensInEditor({ type: "text", content: "x", name: "Release.NFO" }, perm)).toBe(false);
    expect(opensInEditor({ type: "text", content: "x", name: "info.txt" }, perm)).toBe(true);
    // Markdown opens rendered; its Edit button asks for the editor.
    expect(opensInEditor({ type: "text", content: "x", name: "README.md" }, perm)).toBe(false);
    expect(opensInEditor({ type: "text", content: "x", name: "README.md" }, perm, true)).toBe(true);
  });
});
