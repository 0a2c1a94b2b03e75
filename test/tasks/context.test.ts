import { afterAll, describe, expect, it } from "bun:test";
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTaskScope, resolveTarget, storedTargetPath } from "../../src/tasks/context";
import { makeTree } from "../support/tree";

const root = realpathSync(mkdtempSync(join(tmpdir(), "fbe-task-scope-")));
makeTree(root, {
  outside: { "secret.txt": "s" },
  home: { "a.mp4": "v", docs: { "n.txt": "t" }, private: { "p.txt": "p" } },
});
symlinkSync(join(root, "outside"), join(root, "home", "escape"));
symlinkSync(join(root, "home", "private"), join(root, "home", "alias"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const deny = (path: string) => ({ allow: false, path, regex: false, regexp: { raw: "" } });
const scope = makeTaskScope(root, { scope: "/home", rules: [deny("/private")] }, []);

describe("a task's scope", () => {
  it("resolves paths inside the owner's scope, also ones to be created", () => {
    expect(scope.resolve("/docs/n.txt")).toBe(join(root, "home", "docs", "n.txt"));
    expect(scope.resolve("/docs/new.torrent")).toBe(join(root, "home", "docs", "new.torrent"));
    expect(scope.virtualOf(join(root, "home", "docs"))).toBe("/docs");
    expect(scope.virtualOf(join(root, "outside"))).toBeNull();
  });

  it("refuses .., a symlink leading out, a denied path and a link into a denied folder alike", () => {
    for (const p of [
      "/../outside/secret.txt",
      "/escape/secret.txt",
      "/escape",
      "/private/p.txt",
      "/alias/p.txt",
      "/alias/new.txt",
    ]) {
      expect(() => scope.resolve(p)).toThrow("path is outside your scope or not allowed");
    }
  });

  it("applies global rules before the user's own: the user's later allow wins", () => {
    const s = makeTaskScope(root, { scope: "/home", rules: [{ ...deny("/docs"), allow: true }] }, [deny("/docs")]);
    expect(s.resolve("/docs/n.txt")).toBe(join(root, "home", "docs", "n.txt"));
    const g = makeTaskScope(root, { scope: "/home", rules: [] }, [deny("/docs")]);
    expect(() => g.resolve("/docs/n.txt")).toThrow();
  });

  it("describes a target as listings do and stores a folder with a trailing slash", () => {
    const file = resolveTarget(scope, "/a.mp4");
    expect(file).toMatchObject({ path: "/a.mp4", isDir: false, type: "video", extension: ".mp4" });
    const dir = resolveTarget(scope, "/docs/");
    expect(dir).toMatchObject({ path: "/docs", isDir: true, type: "", extension: "" });
    expect([storedTargetPath(file), storedTargetPath(dir), storedTargetPath(resolveTarget(scope, "/"))]).toEqual([
      "/a.mp4",
      "/docs/",
      "/",
    ]);
    expect(() => resolveTarget(scope, "/missing.mp4")).toThrow("target does not exist");
  });
});
