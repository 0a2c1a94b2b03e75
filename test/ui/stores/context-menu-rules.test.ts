import { describe, expect, it } from "bun:test";
import { contextMenuModel } from "../../../src/ui/stores/context-menu-rules";
import type { Permissions } from "../../../src/ui/auth/token";

const none: Permissions = { admin: false, execute: false, create: false, rename: false, modify: false, delete: false, share: false, download: false, publish: false };
const all: Permissions = { ...none, execute: true, create: true, rename: true, modify: true, delete: true, share: true, download: true };
const enabled = (perm: Permissions, selectedCount: number, singleFile = selectedCount === 1) =>
  Object.fromEntries(contextMenuModel({ perm, selectedCount, singleFile }).flatMap((g) => g.items).map((i) => [i.id, i.enabled]));

describe("context menu", () => {
  it("has the General, Task and File groups with every SPEC entry in order", () => {
    const groups = contextMenuModel({ perm: all, selectedCount: 1, singleFile: true });
    expect(groups.map((g) => [g.id, g.items.map((i) => i.id)])).toEqual([
      ["general", ["reload", "toggleTasks", "copyName", "copyLink", "mediaInfo", "info"]],
      ["task", ["makeTorrent", "makeThumbnail", "extractSubtitle", "unarchive"]],
      ["file", ["passwordRename", "rename", "chmod", "share", "delete"]],
    ]);
  });

  it("disables the task entries and the task panel without execute", () => {
    const e = enabled({ ...all, execute: false }, 1);
    expect([e.makeTorrent, e.makeThumbnail, e.extractSubtitle, e.unarchive, e.toggleTasks]).toEqual([false, false, false, false, false]);
    const admin = enabled({ ...none, admin: true }, 1);
    expect([admin.makeTorrent, admin.unarchive]).toEqual([true, true]);
  });

  it("offers each task for exactly one selected item", () => {
    for (const count of [0, 2]) {
      const e = enabled(all, count);
      expect([e.makeTorrent, e.makeThumbnail, e.extractSubtitle, e.unarchive]).toEqual([false, false, false, false]);
    }
    const folder = enabled(all, 1, false);
    expect([folder.makeTorrent, folder.makeThumbnail, folder.extractSubtitle, folder.unarchive]).toEqual([true, true, true, true]);
  });

  it("needs one item for rename and the copy entries, and a file for the link", () => {
    expect(enabled(all, 2)).toMatchObject({ rename: false, copyName: false, copyLink: false, delete: true, chmod: true });
    expect(enabled(all, 1, false)).toMatchObject({ rename: true, copyName: true, copyLink: false });
    expect(enabled(all, 0)).toMatchObject({ reload: true, info: true, delete: false });
  });

  it("follows each File permission", () => {
    expect(enabled(none, 1)).toMatchObject({ rename: false, passwordRename: false, chmod: false, delete: false, copyLink: false, share: false });
  });

  it("offers Share for exactly one item with the share and download permissions (admins have all)", () => {
    expect(enabled({ ...none, share: true, download: true }, 1, false)).toMatchObject({ share: true });
    expect(enabled({ ...none, share: true }, 1, false)).toMatchObject({ share: false });
    expect(enabled({ ...none, download: true }, 1, false)).toMatchObject({ share: false });
    expect(enabled({ ...none, admin: true }, 1)).toMatchObject({ share: true });
    expect(enabled(all, 2)).toMatchObject({ share: false });
    expect(enabled(all, 0)).toMatchObject({ share: false });
  });
});
