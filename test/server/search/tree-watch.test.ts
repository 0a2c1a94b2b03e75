import { afterAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TreeWatch } from "../../../src/server/search/tree-watch";
import type { FolderWatchers, Observer } from "../../../src/server/listing/listing-cache/watchers";
import type { FsChange } from "../../../src/server/fs/changes";

const root = realpathSync(mkdtempSync(join(tmpdir(), "fbe-tree-watch-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Watchers that hold what is watched and let the test tell changes, as inotify's drain would. */
function toldWatchers() {
  const watched = new Set<string>();
  let observer: Observer = () => {};
  const watchers: FolderWatchers = {
    exact: true,
    drain: () => {},
    observe: (fn) => (observer = fn),
    watch: (abs) => (watched.add(abs), { close: () => watched.delete(abs) }),
  };
  // A folder told gone has lost its watch, as inotify drops it.
  const tell = (abs: string, gone: boolean, names?: string[]) => (
    gone && watched.delete(abs), observer(abs, gone, names)
  );
  return { watchers, watched, tell };
}

function makeWatch(maxWatches = 100, excluded: string[] = []) {
  const w = toldWatchers();
  const applied: FsChange[] = [];
  let refreshed = 0;
  const folders = new Set<string>();
  const tree = new TreeWatch({
    rootAbs: root,
    watchers: w.watchers,
    maxWatches,
    apply: (c) => applied.push(c),
    refresh: async () => void refreshed++,
    wasFolder: (p) => folders.has(p),
    excluded: (_p, name) => excluded.includes(name),
  });
  const settle = () => new Promise((r) => setImmediate(r));
  return { ...w, tree, applied, folders, settle, refreshed: () => refreshed };
}

describe("TreeWatch", () => {
  it("applies the names a watch tells, walks a folder it does not watch yet, and skips excluded folders and what is below them", async () => {
    mkdirSync(join(root, "a/new"), { recursive: true });
    mkdirSync(join(root, "a/node_modules/pkg"), { recursive: true });
    writeFileSync(join(root, "a/f.txt"), "x");
    const t = makeWatch(100, ["node_modules"]);
    t.tree.folder(join(root, "a"), "/a");
    t.tell(join(root, "a"), false, ["f.txt", "new", "node_modules"]);
    t.tell(join(root, "a/node_modules/pkg"), false, ["index.js"]);
    await t.settle();
    expect(t.applied).toEqual([
      { kind: "seen", path: "/a/f.txt" },
      { kind: "written", path: "/a/new" },
    ]);
  });

  it("passes on a name told in a folder that became a file meanwhile, instead of throwing ENOTDIR out of its flush", async () => {
    mkdirSync(join(root, "h/d"), { recursive: true });
    const t = makeWatch();
    t.tree.folder(join(root, "h/d"), "/h/d");
    t.tell(join(root, "h/d"), false, ["x.bin"]);
    // Before the flush: the folder is replaced by a file, so x.bin's path runs through a file (lstat: ENOTDIR).
    rmSync(join(root, "h/d"), { recursive: true });
    writeFileSync(join(root, "h/d"), "now a file");
    await t.settle();
    expect(t.applied).toEqual([{ kind: "seen", path: "/h/d/x.bin" }]);
  });

  it("drops the holds below a folder moved away, and counts a folder told gone as unwatched", async () => {
    mkdirSync(join(root, "m/x/y"), { recursive: true });
    const t = makeWatch();
    for (const p of ["/m", "/m/x", "/m/x/y"]) t.tree.folder(root + p, p);
    expect(t.tree.status()).toMatchObject({ folders: 3, short: false });
    renameSync(join(root, "m/x"), join(root, "m/z"));
    t.folders.add("/m/x");
    t.tell(join(root, "m/x"), true);
    t.tell(join(root, "m"), false, ["x", "z"]);
    await t.settle();
    expect(t.watched).toEqual(new Set([join(root, "m")]));
    expect(t.applied).toEqual([
      { kind: "seen", path: "/m/x" },
      { kind: "written", path: "/m/z" },
    ]);
  });

  it("says the limit ran short past maxWatches, and walks everything again after a queue overflow", async () => {
    const t = makeWatch(1);
    t.tree.folder(root, "/");
    t.tree.folder(join(root, "a"), "/a");
    expect(t.tree.status()).toEqual({ live: true, folders: 1, limit: 1, short: true });
    t.tell(root, false);
    await t.settle();
    expect([t.refreshed(), t.applied.length]).toEqual([1, 0]);
  });

  it("walks the whole tree once for a storm of queue overflows, and not again within REFRESH_GAP_MS", async () => {
    const t = makeWatch();
    t.tree.folder(root, "/");
    for (let i = 0; i < 10; i++) {
      t.tell(root, false);
      await t.settle();
    }
    expect(t.refreshed()).toBe(1);
    t.tree.close();
  });
});
