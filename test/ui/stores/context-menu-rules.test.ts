import { describe, expect, it } from "bun:test";
import { contextMenuModel, moreMenuModel, taskFit, type MenuTarget } from "../../../src/ui/stores/context-menu-rules";
import type { Permissions } from "../../../src/ui/auth/token";

const none: Permissions = {
  admin: false,
  execute: false,
  create: false,
  rename: false,
  modify: false,
  delete: false,
  share: false,
  download: false,
  publish: false,
};
const all: Permissions = {
  ...none,
  execute: true,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};
const file = (name: string, type: string): MenuTarget => ({
  name,
  type,
  isDir: false,
  extension: name.includes(".") ? name.slice(name.lastIndexOf(".")) : "",
});
const folder: MenuTarget = { name: "album", type: "", isDir: true, extension: "" };
const text = file("notes.txt", "text");
const entriesOf = (perm: Permissions, selected: MenuTarget[], canPaste = false) =>
  Object.fromEntries(
    contextMenuModel({ perm, selected, canPaste })
      .flatMap((g) => g.items)
      .map((i) => [i.id, i]),
  );
const enabled = (perm: Permissions, selected: MenuTarget[]) =>
  Object.fromEntries(Object.entries(entriesOf(perm, selected)).map(([id, e]) => [id, e.enabled]));

describe("context menu", () => {
  it("puts the file actions first and Reload List and Toggle Task Panel last, with every documented entry", () => {
    const groups = contextMenuModel({ perm: all, selected: [text], canPaste: false });
    expect(groups.map((g) => [g.id, g.items.map((i) => i.id)])).toEqual([
      ["item", ["open", "download", "copy", "cut", "move", "rename", "share", "delete", "info"]],
      ["more", ["copyName", "copyLink", "mediaInfo", "passwordRename", "chmod"]],
      ["task", ["makeTorrent", "makeThumbnail", "extractSubtitle", "unarchive"]],
      ["general", ["reload", "toggleTasks"]],
    ]);
  });

  it("offers New folder, New file, Upload and Paste on empty space, Paste only with something to paste", () => {
    const groups = contextMenuModel({ perm: all, selected: [], canPaste: false });
    expect(groups.map((g) => [g.id, g.items.map((i) => i.id)])).toEqual([
      ["folder", ["newFolder", "newFile", "upload", "paste", "info"]],
      ["general", ["reload", "toggleTasks"]],
    ]);
    expect(entriesOf(all, [], false).paste.enabled).toBe(false);
    expect(entriesOf(all, [], true).paste.enabled).toBe(true);
    expect(entriesOf(none, [], true).newFolder.enabled).toBe(false);
  });

  it("disables the task entries and the task panel without execute, with no reason to show", () => {
    const e = entriesOf({ ...all, execute: false }, [folder]);
    expect(
      [e.makeTorrent, e.makeThumbnail, e.extractSubtitle, e.unarchive, e.toggleTasks].map((x) => x.enabled),
    ).toEqual([false, false, false, false, false]);
    expect(e.makeThumbnail.reason).toBeUndefined();
    expect(enabled({ ...none, admin: true }, [file("a.zip", "archive")])).toMatchObject({
      makeTorrent: true,
      unarchive: true,
    });
  });

  it("offers each task for one item of a type the server takes, and says why not otherwise", () => {
    const jpeg = entriesOf(all, [file("photo.jpg", "image")]);
    expect([
      jpeg.makeThumbnail.reason,
      jpeg.extractSubtitle.reason,
      jpeg.unarchive.reason,
      jpeg.mediaInfo.reason,
    ]).toEqual(["videoOrFolder", "videoOrFolder", "archiveOnly", "mediaOnly"]);
    expect(jpeg.makeTorrent.enabled).toBe(true);
    expect(enabled(all, [folder])).toMatchObject({
      makeTorrent: true,
      makeThumbnail: true,
      extractSubtitle: true,
      unarchive: false,
    });
    expect(enabled(all, [file("clip.mkv", "video")])).toMatchObject({
      makeThumbnail: true,
      extractSubtitle: true,
      unarchive: false,
      mediaInfo: true,
    });
    expect(entriesOf(all, [file("a.torrent", "blob")]).makeTorrent.reason).toBe("notTorrent");
    expect(entriesOf(all, [text, folder]).makeTorrent.reason).toBe("oneItem");
  });

  it("takes an archive or a volume of a split one for unarchive", () => {
    expect(taskFit("unarchive", file("a.tar.gz", "archive"))).toBeNull();
    expect(taskFit("unarchive", file("set.7z.002", "blob"))).toBeNull();
    expect(taskFit("unarchive", file("set.z01", "blob"))).toBeNull();
    expect(taskFit("unarchive", file("report.pdf", "document"))).toBe("archiveOnly");
  });

  it("needs one item for open, rename and the copy entries, and a file for the link and password rename", () => {
    expect(enabled(all, [text, folder])).toMatchObject({
      open: false,
      rename: false,
      copyName: false,
      copyLink: false,
      delete: true,
      chmod: true,
      move: true,
    });
    expect(enabled(all, [folder])).toMatchObject({
      open: true,
      rename: true,
      copyName: true,
      copyLink: false,
      passwordRename: false,
    });
  });

  it("follows each permission", () => {
    expect(enabled(none, [text])).toMatchObject({
      rename: false,
      passwordRename: false,
      chmod: false,
      delete: false,
      copyLink: false,
      share: false,
      download: false,
      copy: false,
      cut: false,
      move: false,
      open: true,
      info: true,
    });
  });

  it("offers Share for exactly one item with the share and download permissions (admins have all)", () => {
    expect(enabled({ ...none, share: true, download: true }, [folder])).toMatchObject({ share: true });
    expect(enabled({ ...none, share: true }, [folder])).toMatchObject({ share: false });
    expect(enabled({ ...none, download: true }, [folder])).toMatchObject({ share: false });
    expect(enabled({ ...none, admin: true }, [text])).toMatchObject({ share: true });
    expect(enabled(all, [text, folder])).toMatchObject({ share: false });
  });

  it("leaves the selection bar's own buttons out of the More menu", () => {
    const more = moreMenuModel(contextMenuModel({ perm: all, selected: [text], canPaste: false })).flatMap((g) =>
      g.items.map((i) => i.id),
    );
    expect(more).toEqual([
      "open",
      "copy",
      "cut",
      "copyName",
      "copyLink",
      "mediaInfo",
      "passwordRename",
      "chmod",
      "makeTorrent",
      "makeThumbnail",
      "extractSubtitle",
      "unarchive",
      "reload",
      "toggleTasks",
    ]);
  });
});
