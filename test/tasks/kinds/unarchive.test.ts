import { afterAll, describe, expect, it } from "bun:test";
import {
  realpathSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import iconv from "iconv-lite";
import { unarchiveKind } from "../../../src/tasks/kinds/unarchive";
import {
  NOT_ARCHIVE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  listArchive,
  percentWithin,
  probePassword,
} from "../../../src/tasks/kinds/unarchive-steps";
import { ToolAborted } from "../../../src/server/tools/run-tool";
import { TASK_DEFAULTS } from "../../../src/shared/wire/task";
import type { Rule } from "../../../src/shared/wire/user";
import { makeTaskContext, runKind } from "../../support/task-context";
import { storedZip } from "../../support/stored-zip";
import { processesWith } from "../../support/task-helpers";
import {
  SEVERAL,
  SINGLE_TOP,
  hardLinkTar,
  legacyNameZip,
  makeSevenZip,
  sevenZip,
  slipZip,
  symlinkArchive,
  textBytes,
} from "../../support/archives";
import { openDatabase } from "../../../src/server/db/open";
import { versionsOf } from "../../../src/server/db/versions-table";
import { Versions } from "../../../src/server/fs/versions";
import { setVersionKeeper } from "../../../src/server/fs/version-keeper";

sevenZip();

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh scope folder inside a fresh parent (so "outside the scope" can be checked too), removed after the tests. */
function scope(): { root: string; parent: string } {
  const parent = mkdtempSync(join(tmpdir(), "fbe-unarchive-"));
  made.push(parent);
  const root = join(parent, "scope");
  mkdirSync(root);
  return { root, parent };
}

/** Every path under `dir` (files, folders and links, hidden ones too), relative and sorted. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      out.push(relative(dir, p));
      if (lstatSync(p).isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out.sort();
}

const read = (p: string) => readFileSync(p, "utf8");

async function unarchive(root: string, path: string, params: Record<string, unknown> = {}, rules: Rule[] = []) {
  const t = makeTaskContext(root, path, rules);
  const message = await runKind(unarchiveKind, t, params);
  return { message, reports: t.reports };
}

describe("unarchive output folder", () => {
  it("extracts beside the archive by default, keeping the archive's single top folder as it is", async () => {
    const { root } = scope();
    makeSevenZip({ dest: join(root, "pack.7z"), tree: SINGLE_TOP });
    const { message } = await unarchive(root, "/pack.7z");
    expect(tree(root)).toEqual(["pack.7z", "top", "top/a.txt", "top/sub", "top/sub/b.txt"]);
    expect(read(join(root, "top/a.txt"))).toBe("alpha");
    expect(message).toBe("/top");
  });

  it("extracts into '{{FileBasename}}.extracted' named after the archive without its extensions", async () => {
    const { root } = scope();
    mkdirSync(join(root, "dir"));
    makeSevenZip({ dest: join(root, "dir/pack.tar"), tree: SINGLE_TOP });
    await unarchive(root, "/dir/pack.tar", { archiveOutput: "{{FileBasename}}.extracted" });
    expect(tree(join(root, "dir"))).toEqual([
      "pack.extracted",
      "pack.extracted/top",
      "pack.extracted/top/a.txt",
      "pack.extracted/top/sub",
      "pack.extracted/top/sub/b.txt",
      "pack.tar",
    ]);
  });

  it("takes a relative output folder from the archive's folder and an absolute one from the scope root", async () => {
    const { root } = scope();
    mkdirSync(join(root, "dir"));
    makeSevenZip({ dest: join(root, "dir/pack.zip"), tree: SINGLE_TOP });
    await unarchive(root, "/dir/pack.zip", { archiveOutput: "out/here" });
    expect(read(join(root, "dir/out/here/top/sub/b.txt"))).toBe("beta");
    await unarchive(root, "/dir/pack.zip", { archiveOutput: "/elsewhere" });
    expect(read(join(root, "elsewhere/top/a.txt"))).toBe("alpha");
  });

  it("refuses an output folder that climbs with '..' or is a file, and writes nothing", async () => {
    const { root, parent } = scope();
    makeSevenZip({ dest: join(root, "pack.7z"), tree: SINGLE_TOP });
    await expect(unarchive(root, "/pack.7z", { archiveOutput: "../out" })).rejects.toThrow("..");
    await expect(unarchive(root, "/pack.7z", { archiveOutput: "pack.7z" })).rejects.toThrow(
      "the output directory is a file",
    );
    expect(tree(parent)).toEqual(["scope", "scope/pack.7z"]);
  });
});

describe("unarchive one top-level folder", () => {
  it("wraps several top entries in one folder named after the archive", async () => {
    const { root } = scope();
    makeSevenZip({ dest: join(root, "several.tar.gz.7z"), tree: SEVERAL });
    await unarchive(root, "/several.tar.gz.7z");
    expect(tree(root)).toEqual([
      "several",
      "several.tar.gz.7z",
      "several/dir",
      "several/dir/three.txt",
      "several/one.txt",
      "several/two.txt",
    ]);
  });

  it("names the wrapping folder apart from an archive whose name has no extension", async () => {
    const { root } = scope();
    renameSync(makeSevenZip({ dest: join(root, "bundle.7z"), tree: SEVERAL }), join(root, "bundle"));
    await unarchive(root, "/bundle", { archiveOverwrite: true });
    expect(tree(root)).toEqual([
      "bundle",
      "bundle.extracted",
      "bundle.extracted/dir",
      "bundle.extracted/dir/three.txt",
      "bundle.extracted/one.txt",
      "bundle.extracted/two.txt",
    ]);
  });

  it("extracts the entries as they are when turned off", async () => {
    const { root } = scope();
    makeSevenZip({ dest: join(root, "several.7z"), tree: SEVERAL });
    await unarchive(root, "/several.7z", { archiveOneTopLevel: false });
    expect(tree(root)).toEqual(["dir", "dir/three.txt", "one.txt", "several.7z", "two.txt"]);
  });
});

describe("unarchive over existing files", () => {
  it("keeps the archive when an entry replaced it under its own name, even with archiveRm", async () => {
    const { root } = scope();
    makeSevenZip({ dest: join(root, "inner.zip"), tree: { "inner.zip": "the entry" }, type: "zip" });
    await unarchive(root, "/inner.zip", { archiveOneTopLevel: false, archiveOverwrite: true, archiveRm: true });
    expect(read(join(root, "inner.zip"))).toBe("the entry");
  });

  it("keeps existing files when overwrite is off and replaces them when it is on", async () => {
    const { root } = scope();
    makeSevenZip({ dest: join(root, "pack.7z"), tree: SINGLE_TOP });
    mkdirSync(join(root, "top"));
    writeFileSync(join(root, "top/a.txt"), "old");
    const skipped = await unarchive(root, "/pack.7z");
    expect(read(join(root, "top/a.txt"))).toBe("old");
    expect(read(join(root, "top/sub/b.txt"))).toBe("beta");
    expect(skipped.message).toContain("1 existing kept");
    await unarchive(root, "/pack.7z", { archiveOverwrite: true });
    expect(read(join(root, "top/a.txt"))).toBe("alpha");
    expect(tree(root)).toEqual(["pack.7z", "top", "top/a.txt", "top/sub", "top/sub/b.txt"]);
  });
});

describe("unarchive over existing files", () => {
  it('keeps each replaced file\'s bytes as a version (docs/product.md "Versions")', async () => {
    const { root } = scope();
    const rootReal = realpathSync(root);
    const db = openDatabase(":memory:");
    const versions = new Versions({
      db,
      rootReal,
      clock: { now: () => Date.now() },
      policy: () => ({ keep: 10, days: 30 }),
      log: () => {},
    });
    setVersionKeeper(rootReal, versions);
    try {
      makeSevenZip({ dest: join(root, "pack.7z"), tree: SINGLE_TOP });
      mkdirSync(join(root, "top"));
      writeFileSync(join(root, "top/a.txt"), "old");
      await unarchive(root, "/pack.7z", { archiveOverwrite: true });
      expect(read(join(root, "top/a.txt"))).toBe("alpha");
      const kept = versionsOf(db, "/top/a.txt");
      expect(kept).toHaveLength(1);
      expect(read(join(kept[0]!.storeDir, kept[0]!.id))).toBe("old");
      // Entries that replaced nothing keep nothing.
      expect(versionsOf(db, "/top/sub/b.txt")).toEqual([]);
    } finally {
      setVersionKeeper(rootReal, null);
      db.close();
    }
  });
});

describe("unarchive passwords", () => {
  for (const headerEncrypted of [false, true]) {
    const kind = headerEncrypted ? "a header-encrypted 7z" : "a 7z with encrypted contents";
    it(`extracts ${kind} with the right password`, async () => {
      const { root } = scope();
      makeSevenZip({ dest: join(root, "secret.7z"), tree: SINGLE_TOP, password: "s3cret", headerEncrypted });
      await unarchive(root, "/secret.7z", { archivePasswd: "s3cret" });
      expect(read(join(root, "top/a.txt"))).toBe("alpha");
    });

    for (const [label, params] of [
      ["a missing password", {}],
      ["a wrong password", { archivePasswd: "nope" }],
      ["a wrong password without detectPwd", { archivePasswd: "nope", detectPwd: false }],
    ] as const) {
      it(`fails ${kind} with ${label} and extracts nothing`, async () => {
        const { root } = scope();
        makeSevenZip({ dest: join(root, "secret.7z"), tree: SINGLE_TOP, password: "s3cret", headerEncrypted });
        await expect(unarchive(root, "/secret.7z", { ...params, archiveRm: true })).rejects.toThrow(
          WRONG_PASSWORD_MESSAGE,
        );
        expect(tree(root)).toEqual(["secret.7z"]);
      });
    }
  }
});

describe("the password probe (detectPwd)", () => {
  /** A zip holding one encrypted file whose name is stored in GBK (7-Zip keeps a raw file name's bytes). */
  function gbkEncryptedZip(root: string): string {
    const src = join(root, "src");
    mkdirSync(src);
    writeFileSync(Buffer.concat([Buffer.from(`${src}/`), iconv.encode("机密文件.txt", "gbk")]), "secret content");
    const r = Bun.spawnSync([sevenZip(), "a", "-bd", "-tzip", "-ps3cret", join(root, "enc.zip"), "*"], { cwd: src });
    expect(r.exitCode).toBe(0);
    rmSync(src, { recursive: true });
    return join(root, "enc.zip");
  }

  it("tests an encrypted entry whose name is not UTF-8 by its exact name, refusing a wrong password", async () => {
    const { root } = scope();
    const archive = gbkEncryptedZip(root);
    const listing = await listArchive(sevenZip(), archive, "", new AbortController().signal);
    expect(listing.entries.map((e) => [e.path, e.encrypted])).toEqual([["机密文件.txt", true]]);
    const t = makeTaskContext(root, "/enc.zip");
    await expect(probePassword(sevenZip(), archive, listing, "wrong", t.ctx)).rejects.toThrow(WRONG_PASSWORD_MESSAGE);
    await probePassword(sevenZip(), archive, listing, "s3cret", t.ctx);
  });
});

describe("unarchive multi-volume archives", () => {
  for (const type of ["7z", "zip"]) {
    it(`extracts a .${type}.001 set from any member and removes every volume after success`, async () => {
      const { root } = scope();
      makeSevenZip({
        dest: join(root, `big.${type}`),
        tree: { top: { "r.txt": textBytes(20_000) } },
        volumeSize: "4k",
        type,
        extra: ["-mx0"],
      });
      const volumes = readdirSync(root).sort();
      expect(volumes.length).toBeGreaterThan(3);
      expect(volumes[0]).toBe(`big.${type}.001`);
      await unarchive(root, `/big.${type}.002`, { isMultiVolume: true, archiveRm: true });
      expect(tree(root)).toEqual(["top", "top/r.txt"]);
      expect(readFileSync(join(root, "top/r.txt")).length).toBe(20_000);
    });
  }

  it("keeps every volume when the extraction fails", async () => {
    const { root } = scope();
    makeSevenZip({
      dest: join(root, "locked.7z"),
      tree: { top: { "r.txt": textBytes(20_000) } },
      volumeSize: "4k",
      password: "pw",
      extra: ["-mx0"],
    });
    const volumes = readdirSync(root).sort();
    await expect(
      unarchive(root, "/locked.7z.003", { isMultiVolume: true, archiveRm: true, archivePasswd: "bad" }),
    ).rejects.toThrow(WRONG_PASSWORD_MESSAGE);
    expect(tree(root)).toEqual(volumes);
  });
});

describe("unarchive file names in legacy encodings", () => {
  for (const [encoding, names] of [
    ["gbk", ["中文目录/", "中文目录/测试文件.txt", "中文目录/你好世界.txt"]],
    ["shift_jis", ["日本語のフォルダ/", "日本語のフォルダ/ファイル名.txt"]],
  ] as const) {
    it(`turns ${encoding} names into UTF-8 with autoFixFilename`, async () => {
      const { root } = scope();
      legacyNameZip(join(root, "legacy.zip"), encoding, names);
      await unarchive(root, "/legacy.zip");
      expect(tree(root)).toEqual(["legacy.zip", ...names.map((n) => n.replace(/\/$/, ""))].sort());
      expect(read(join(root, names[1]!))).toBe(`content of ${names[1]}`);
    });

    it(`leaves ${encoding} names as their raw bytes without autoFixFilename`, async () => {
      const { root } = scope();
      legacyNameZip(join(root, "legacy.zip"), encoding, names);
      await unarchive(root, "/legacy.zip", { autoFixFilename: false });
      const top = (readdirSync(Buffer.from(root), { encoding: "buffer" }) as Buffer[])
        .map((b) => b.toString("hex"))
        .sort();
      expect(top).toEqual(
        [
          Buffer.from("legacy.zip").toString("hex"),
          iconv.encode(names[0]!.slice(0, -1), encoding).toString("hex"),
        ].sort(),
      );
    });
  }
});

describe("unarchive entries that would land outside the output folder", () => {
  it("refuses '../' and absolute entries, reports them and writes nothing outside", async () => {
    const { root, parent } = scope();
    mkdirSync(join(root, "dir"));
    slipZip(join(root, "dir/slip.zip"), ["../evil.txt", "../../evil2.txt", "/abs/evil3.txt"]);
    const { message } = await unarchive(root, "/dir/slip.zip", { archiveOneTopLevel: false, archiveRm: true });
    expect(tree(parent)).toEqual(["scope", "scope/dir", "scope/dir/safe.txt", "scope/dir/slip.zip"]);
    expect(message).toContain("../evil.txt");
    expect(message).toContain("/abs/evil3.txt");
    expect(message).toContain("archive kept");
    expect(tree(join(root, "dir"))).toContain("slip.zip");
  });

  it("leaves out such entries by their exact names when those are not UTF-8, extracts the rest and names them decoded", async () => {
    const { root, parent } = scope();
    const gbk = (s: string) => new Uint8Array(iconv.encode(s, "gbk"));
    writeFileSync(
      join(root, "gbk-slip.zip"),
      storedZip([
        { name: "safe.txt", data: "safe" },
        { name: gbk("中文目录/报告.txt"), data: "report" },
        // 7-Zip would write these two as 中文.txt and 上级.txt (the `..` trimmed) over the genuine 中文.txt.
        { name: gbk("中文.txt"), data: "genuine" },
        { name: gbk("../中文.txt"), data: "evil" },
        { name: gbk("../../上级.txt"), data: "evil" },
      ]),
    );
    const { message } = await unarchive(root, "/gbk-slip.zip", { archiveOneTopLevel: false, archiveRm: true });
    expect(tree(parent)).toEqual([
      "scope",
      "scope/gbk-slip.zip",
      "scope/safe.txt",
      "scope/中文.txt",
      "scope/中文目录",
      "scope/中文目录/报告.txt",
    ]);
    expect(read(join(root, "中文.txt"))).toBe("genuine");
    expect(message).toContain("refused (outside the output folder or not allowed): ../中文.txt, ../../上级.txt");
    expect(message).toContain("archive kept");
  });

  for (const ext of ["tar", "zip"]) {
    it(`refuses symlinks of a ${ext} that point out of the output folder and keeps the one inside`, async () => {
      const { root, parent } = scope();
      writeFileSync(join(parent, "outside.txt"), "outside");
      symlinkArchive(join(root, `links.${ext}`));
      const { message } = await unarchive(root, `/links.${ext}`);
      expect(tree(root)).toEqual(["d", "d/f.txt", "d/in", `links.${ext}`]);
      expect(readlinkSync(join(root, "d/in"))).toBe("f.txt");
      expect(message).toContain("d/up");
      expect(message).toContain("d/abs");
      expect(read(join(parent, "outside.txt"))).toBe("outside");
    });
  }
});

describe("unarchive and the owner's rules", () => {
  it("leaves out the entries the owner's rules deny, inside the wrapping folder too", async () => {
    const { root } = scope();
    makeSevenZip({ dest: join(root, "several.7z"), tree: SEVERAL });
    const deny: Rule[] = [
      { allow: false, path: "/several/dir", regex: false, regexp: { raw: "" } },
      { allow: false, path: "", regex: true, regexp: { raw: "two\\.txt$" } },
    ];
    const { message } = await unarchive(root, "/several.7z", {}, deny);
    expect(tree(root)).toEqual(["several", "several.7z", "several/one.txt"]);
    expect(message).toContain("refused");
    expect(message).toContain("dir");
    expect(message).toContain("two.txt");
  });
});

describe("unarchive hard links", () => {
  it("refuses hard links to '..' or absolute paths and keeps the one inside", async () => {
    const { root, parent } = scope();
    writeFileSync(join(parent, "outside.txt"), "outside");
    hardLinkTar(join(root, "hard.tar"));
    const { message } = await unarchive(root, "/hard.tar");
    expect(tree(root)).toEqual(["d", "d/f.txt", "d/in", "hard.tar"]);
    expect(lstatSync(join(root, "d/in")).ino).toBe(lstatSync(join(root, "d/f.txt")).ino);
    expect(message).toContain("d/up");
    expect(message).toContain("d/abs");
    expect(lstatSync(join(parent, "outside.txt")).nlink).toBe(1);
  });
});

describe("unarchive cancel", () => {
  it("stops 7-Zip, leaves no partial output and no process behind; the password never shows in the process list", async () => {
    const { root } = scope();
    const archive = makeSevenZip({
      dest: join(root, "slow.7z"),
      tree: { top: { "data.txt": textBytes(12_000_000) } },
      password: "pass-phrase-42",
      extra: ["-m0=PPMd", "-mx=1"],
    });
    const t = makeTaskContext(root, "/slow.7z");
    const run = runKind(unarchiveKind, t, { archivePasswd: "pass-phrase-42" });
    const started = Date.now();
    while (!t.reports.length && Date.now() - started < 10_000) await Bun.sleep(20);
    expect(t.reports.length).toBeGreaterThan(0);
    expect(processesWith(archive).length).toBeGreaterThan(0);
    expect(processesWith("pass-phrase-42")).toEqual([]);
    t.controller.abort();
    await expect(run).rejects.toBeInstanceOf(ToolAborted);
    expect(tree(root)).toEqual(["slow.7z"]);
    expect(processesWith(archive)).toEqual([]);
  }, 30_000);
});

describe("unarchive refusals", () => {
  for (const [name, content] of [
    ["clip.mp4", "x"],
    ["song.mp3", "x"],
    ["photo.jpg", "x"],
    ["notes.txt", "x"],
  ]) {
    it(`refuses ${name} with the documented message`, async () => {
      const { root } = scope();
      writeFileSync(join(root, name!), content!);
      await expect(unarchive(root, `/${name}`)).rejects.toThrow(NOT_ARCHIVE_MESSAGE);
    });
  }

  it("refuses a folder and a file 7-Zip cannot open with the documented message", async () => {
    const { root } = scope();
    mkdirSync(join(root, "folder"));
    await expect(unarchive(root, "/folder")).rejects.toThrow(NOT_ARCHIVE_MESSAGE);
    writeFileSync(
      join(root, "noise.bin"),
      new Uint8Array(4096).map((_, i) => (i * 7919) % 251),
    );
    await expect(unarchive(root, "/noise.bin")).rejects.toThrow(NOT_ARCHIVE_MESSAGE);
    expect(existsSync(join(root, "noise"))).toBe(false);
  });

  it("fills missing params with the defaults and refuses wrong-typed ones", () => {
    expect(unarchiveKind.parseParams({})).toEqual(TASK_DEFAULTS.unarchive);
    expect(unarchiveKind.parseParams({ archivePasswd: "x", archiveRm: true }).archiveRm).toBe(true);
    expect(() => unarchiveKind.parseParams({ archiveRm: "yes" })).toThrow("archiveRm must be true or false");
    expect(() => unarchiveKind.parseParams("nope")).toThrow("Params must be an object");
  });
});

describe("unarchive progress over the layers of a compressed tar", () => {
  it("maps each extraction's percentage into its part of the task: the outer layer to 0-50 %, the tar to 50-100 %", () => {
    expect([0, 50, 100].map((p) => percentWithin(p, [0, 50]))).toEqual([0, 25, 50]);
    expect([0, 50, 100].map((p) => percentWithin(p, [50, 100]))).toEqual([50, 75, 100]);
    expect(percentWithin(33, [0, 100])).toBe(33);
  });
});
