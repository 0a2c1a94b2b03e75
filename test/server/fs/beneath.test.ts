import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
  readdirSync,
  renameSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  fdPath,
  mkdirsBeneath,
  openBeneath,
  openChildNoFollow,
  O_PATH,
  pinDir,
  setOpenat2,
  usesOpenat2,
} from "../../../src/server/fs/beneath";
import { copyTree, removeTree } from "../../../src/server/fs/copy-tree";

let home: string;
let scope: string;

function readFd(fd: number): string {
  const buf = Buffer.alloc(64);
  const n = readSync(fd, buf, 0, 64, 0);
  closeSync(fd);
  return buf.subarray(0, n).toString();
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "fbe-beneath-"));
  scope = join(home, "scope");
  mkdirSync(join(scope, "d", "e"), { recursive: true });
  writeFileSync(join(scope, "d", "f.txt"), "inside");
  writeFileSync(join(home, "secret.txt"), "SECRET");
  symlinkSync(home, join(scope, "abs-out"));
  symlinkSync("../..", join(scope, "d", "up-out"));
  symlinkSync("../d/f.txt", join(scope, "d", "rel-in"));
  symlinkSync(join(scope, "d", "f.txt"), join(scope, "abs-in"));
  symlinkSync("/proc/self/root", join(scope, "magic"));
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe("openBeneath", () => {
  it("uses openat2 on this kernel", () => {
    expect(usesOpenat2()).toBe(true);
  });

  it("opens files inside the scope, through relative and absolute links that stay inside", () => {
    expect(readFd(openBeneath(scope, "/d/f.txt", constants.O_RDONLY))).toBe("inside");
    expect(readFd(openBeneath(scope, "/d/rel-in", constants.O_RDONLY))).toBe("inside");
    expect(readFd(openBeneath(scope, "/abs-in", constants.O_RDONLY))).toBe("inside");
  });

  it("refuses every way out: absolute links, `..` in links, `..` in the path and magic links", () => {
    for (const path of [
      "/abs-out/secret.txt",
      "/d/up-out/secret.txt",
      "/../secret.txt",
      "/d/../../secret.txt",
      "/magic/etc/hostname",
    ]) {
      expect(`${path} ${code(() => openBeneath(scope, path, constants.O_RDONLY))}`).toBe(`${path} OUTSIDE_SCOPE`);
    }
  });

  it("answers the open's own error codes for what is missing or of the wrong kind", () => {
    expect(code(() => openBeneath(scope, "/nope", constants.O_RDONLY))).toBe("ENOENT");
    expect(code(() => openBeneath(scope, "/d/f.txt/x", constants.O_RDONLY))).toBe("ENOTDIR");
  });
});

describe("openBeneath without openat2 (kernels before 5.6)", () => {
  it("opens by path, then refuses what the opened descriptor shows to lie outside the scope", () => {
    setOpenat2(false);
    try {
      expect(usesOpenat2()).toBe(false);
      expect(readFd(openBeneath(scope, "/d/rel-in", constants.O_RDONLY))).toBe("inside");
      expect(readFd(openBeneath(scope, "/abs-in", constants.O_RDONLY))).toBe("inside");
      for (const path of ["/abs-out/secret.txt", "/d/up-out/secret.txt"]) {
        expect(`${path} ${code(() => openBeneath(scope, path, constants.O_RDONLY))}`).toBe(`${path} OUTSIDE_SCOPE`);
      }
      expect(code(() => openBeneath(scope, "/nope", constants.O_RDONLY))).toBe("ENOENT");
      const dir = openBeneath(scope, "/d", O_PATH | constants.O_DIRECTORY);
      try {
        expect(code(() => openChildNoFollow(dir, "rel-in", constants.O_RDONLY))).toBe("ELOOP");
      } finally {
        closeSync(dir);
      }
    } finally {
      setOpenat2(true);
    }
    expect(usesOpenat2()).toBe(true);
  });
});

describe("openChildNoFollow", () => {
  it("opens one name of an open folder and refuses links and multi-part names", () => {
    const dir = openBeneath(scope, "/d", O_PATH | constants.O_DIRECTORY);
    try {
      expect(readFd(openChildNoFollow(dir, "f.txt", constants.O_RDONLY))).toBe("inside");
      expect(code(() => openChildNoFollow(dir, "rel-in", constants.O_RDONLY))).toBe("ELOOP");
      expect(code(() => openChildNoFollow(dir, "up-out", O_PATH))).toBe("ELOOP");
      expect(code(() => openChildNoFollow(dir, "e/../f.txt", constants.O_RDONLY))).toBe("OUTSIDE_SCOPE");
      expect(code(() => openChildNoFollow(dir, "..", constants.O_RDONLY))).toBe("OUTSIDE_SCOPE");
    } finally {
      closeSync(dir);
    }
  });
});

describe("pinned folders", () => {
  it("keep naming the folder they opened after it is moved away and replaced by a link out", () => {
    mkdirSync(join(scope, "swap"));
    const dir = pinDir(scope, "/swap");
    try {
      renameSync(join(scope, "swap"), join(scope, "swap-moved"));
      symlinkSync(home, join(scope, "swap"));
      writeFileSync(`${dir.path}/new.txt`, "x");
      expect(existsSync(join(home, "new.txt"))).toBe(false);
      expect(readFileSync(join(scope, "swap-moved", "new.txt"), "utf8")).toBe("x");
    } finally {
      dir.close();
      rmSync(join(scope, "swap"));
      rmSync(join(scope, "swap-moved"), { recursive: true });
    }
  });

  it("are made with their parents by mkdirsBeneath, never through a link out", () => {
    const made = mkdirsBeneath(scope, "/m/n/o");
    expect(fstatSync(made.fd).isDirectory()).toBe(true);
    made.close();
    expect(existsSync(join(scope, "m", "n", "o"))).toBe(true);
    expect(code(() => mkdirsBeneath(scope, "/abs-out/made"))).toBe("OUTSIDE_SCOPE");
    expect(existsSync(join(home, "made"))).toBe(false);
  });

  it("give fdPath names that resolve from the opened folder", () => {
    const fd = openBeneath(scope, "/d", O_PATH | constants.O_DIRECTORY);
    expect(readFileSync(`${fdPath(fd)}/f.txt`, "utf8")).toBe("inside");
    closeSync(fd);
  });
});

describe("copyTree and removeTree through open folders", () => {
  it("copy links as links (unless refused) and remove links without following them", async () => {
    const root = pinDir(scope, "/");
    try {
      const skipped: string[] = [];
      await copyTree(
        { dir: root, name: "d" },
        { dir: root, name: "d-copy" },
        { keepLink: (rel, target) => (target === "../.." ? (skipped.push(rel), false) : true) },
      );
      expect(readdirSync(join(scope, "d-copy")).sort()).toEqual(["e", "f.txt", "rel-in"]);
      expect(skipped).toEqual(["/up-out"]);
      await removeTree({ dir: root, name: "d-copy" });
      expect(existsSync(join(scope, "d-copy"))).toBe(false);
      expect(readFileSync(join(home, "secret.txt"), "utf8")).toBe("SECRET");
    } finally {
      root.close();
    }
  });
});
