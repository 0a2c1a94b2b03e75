import { describe, expect, it } from "bun:test";
import { mkdtempSync, mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  decodeRequestPath,
  normalizeVirtualPath,
  realVirtualPath,
  resolveInScope,
  scopeDir,
} from "../../../src/server/fs/scope";

describe("decodeRequestPath", () => {
  it("decodes each segment once and keeps the trailing-slash folder marker", () => {
    expect(decodeRequestPath("/a%20b/c%25d.txt")).toEqual({ path: "/a b/c%d.txt", wantsDir: false });
    expect(decodeRequestPath("/docs/")).toEqual({ path: "/docs", wantsDir: true });
    expect(decodeRequestPath("")).toEqual({ path: "/", wantsDir: true });
    expect(decodeRequestPath("//a///b/./c")).toEqual({ path: "/a/b/c", wantsDir: false });
  });

  it("refuses dot-dot segments, encoded slashes and backslashes, NUL bytes and broken encoding", () => {
    for (const bad of ["/../x", "/a/%2e%2e/x", "/a%2fb", "/a%2Fb", "/a%5cb", "/a%00b", "/%E0%A4%A"]) {
      expect(() => decodeRequestPath(bad)).toThrow();
    }
    try {
      decodeRequestPath("/../x");
    } catch (err) {
      expect((err as { code: string }).code).toBe("OUTSIDE_SCOPE");
    }
  });
});

describe("normalizeVirtualPath", () => {
  it("accepts decoded paths with any characters except NUL and dot-dot segments", () => {
    expect(normalizeVirtualPath("/a b/%2e.txt").path).toBe("/a b/%2e.txt");
    expect(() => normalizeVirtualPath("a/../../b")).toThrow();
    expect(() => normalizeVirtualPath("/a\0b")).toThrow();
  });
});

describe("resolveInScope", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "fbe-scope-")));
  mkdirSync(join(root, "users", "bob", "docs"), { recursive: true });
  mkdirSync(join(root, "users", "eve"), { recursive: true });
  symlinkSync(join(root, "users", "eve"), join(root, "users", "bob", "to-eve"));
  symlinkSync(join(root, "users", "bob", "docs"), join(root, "users", "bob", "to-docs"));
  const bob = scopeDir(root, "/users/bob");

  it("maps the scope root and paths inside it, existing or not", () => {
    expect(scopeDir(root, "/")).toBe(root);
    expect(scopeDir(root, ".")).toBe(root);
    expect(resolveInScope(bob, { path: "/", wantsDir: true }).abs).toBe(bob);
    expect(resolveInScope(bob, { path: "/docs/new/file.txt", wantsDir: false }).abs).toBe(
      join(bob, "docs", "new", "file.txt"),
    );
  });

  it("follows symlinks that stay inside the scope and refuses those that leave it", () => {
    expect(resolveInScope(bob, { path: "/to-docs", wantsDir: true }).abs).toBe(join(bob, "to-docs"));
    expect(() => resolveInScope(bob, { path: "/to-eve", wantsDir: true })).toThrow();
    expect(() => resolveInScope(bob, { path: "/to-eve/not-yet.txt", wantsDir: false })).toThrow();
  });

  it("tells where a path really lives in the scope, keeping a missing tail, or null outside it", () => {
    expect(realVirtualPath(bob, bob)).toBe("/");
    expect(realVirtualPath(bob, join(bob, "to-docs"))).toBe("/docs");
    expect(realVirtualPath(bob, join(bob, "to-docs", "new", "f.txt"))).toBe("/docs/new/f.txt");
    expect(realVirtualPath(bob, join(bob, "to-eve"))).toBeNull();
  });
});
