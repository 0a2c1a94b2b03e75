import { describe, expect, it } from "bun:test";
import {
  decodePath,
  encodePath,
  filesRoute,
  joinPath,
  parentPath,
  resourcePathOf,
} from "../../../src/ui/format/encode-path";

describe("resource paths", () => {
  it("encodes each segment and keeps the slashes", () => {
    expect(encodePath("/a b/#1/100%.txt")).toBe("/a%20b/%231/100%25.txt");
    expect(encodePath("/日本/")).toBe("/%E6%97%A5%E6%9C%AC/");
  });

  it("decodes what it encodes", () => {
    const p = "/we?ird & names/50%/x#y.txt";
    expect(decodePath(encodePath(p))).toBe(p);
  });

  it("keeps a broken escape as it is", () => {
    expect(decodePath("/a%zz/")).toBe("/a%zz/");
  });

  it("finds the parent folder", () => {
    expect(parentPath("/a/b.txt")).toBe("/a/");
    expect(parentPath("/a/b/")).toBe("/a/");
    expect(parentPath("/a/")).toBe("/");
    expect(parentPath("/")).toBe("/");
  });

  it("joins a folder and a name", () => {
    expect(joinPath("/a/", "b")).toBe("/a/b");
    expect(joinPath("/a", "b")).toBe("/a/b");
  });

  it("maps paths to /files routes and back, under a base URL", () => {
    expect(filesRoute("/a b/")).toBe("/files/a%20b/");
    expect(resourcePathOf("/app/files/a%20b/", "/app")).toBe("/a b/");
    expect(resourcePathOf("/files", "")).toBe("/");
  });
});
