import { describe, expect, it } from "bun:test";
import {
  buildFcMatchArgs,
  findFontFor,
  fontPatternFor,
  HEADER_FONT_PATTERN,
} from "../../../src/server/tools/fontconfig";
import { isToolAvailable } from "../../../src/server/tools/available";

/** Font files fontconfig lists as having every character of `hex` (space-separated code points), sorted. */
function filesCovering(hex: string): string[] {
  const p = Bun.spawnSync(["fc-list", `:charset=${hex}`, "file"]);
  return p.stdout
    .toString()
    .split("\n")
    .map((l) => l.replace(/:\s*$/, "").trim())
    .filter(Boolean);
}

describe("fontPatternFor", () => {
  it("asks DejaVu Sans for printable ASCII only when the text has nothing else", () => {
    expect(fontPatternFor("File: clip.mp4\nSize: 1.0 MiB")).toBe("DejaVu Sans:charset=20-7e");
    expect(fontPatternFor("")).toBe(`${HEADER_FONT_PATTERN}:charset=20-7e`);
  });

  it("adds every other character once, in order, runs of neighbours as ranges, leaving control characters out", () => {
    // 中 4e2d, 丮 4e2e, 文 6587, 가 ac00, é e9, an emoji outside the BMP 1f600; tab, DEL and a C1 control are left out.
    expect(fontPatternFor("中文 丮中 가\té\u007f\u0085 😀")).toBe(
      "DejaVu Sans:charset=20-7e e9 4e2d-4e2e 6587 ac00 1f600",
    );
  });
});

describe("buildFcMatchArgs", () => {
  it("prints only the file of the best match, the pattern as one argument", () => {
    expect(buildFcMatchArgs("DejaVu Sans:charset=20-7e 4e2d")).toEqual([
      "--format=%{file}",
      "DejaVu Sans:charset=20-7e 4e2d",
    ]);
  });
});

describe("findFontFor", () => {
  const signal = new AbortController().signal;

  it("finds DejaVu Sans for Latin text", async () => {
    if (!isToolAvailable("fc-match")) throw new Error("fc-match is not installed: the header tests need fontconfig");
    expect(await findFontFor("File: clip.mp4", signal)).toMatch(/DejaVuSans\.ttf$/);
  });

  it("finds a font that has both ASCII and CJK glyphs for a CJK name when one is installed, else still DejaVu Sans (a fallback font without ASCII covers less)", async () => {
    const cjk = filesCovering("20-7e 4e2d 6587 3042 ac00");
    const found = await findFontFor("File: 中文 あ 가.mp4", signal);
    if (cjk.length > 0) expect(cjk).toContain(found!);
    else expect(found).toMatch(/DejaVuSans\.ttf$/);
  });
});
