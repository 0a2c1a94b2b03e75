import { describe, expect, it } from "bun:test";
import iconv from "iconv-lite";
import { chooseNameEncoding, decodeName, isUtf8 } from "../../../src/server/archive/name-encoding";

const bytes = (s: string, enc: string) => new Uint8Array(iconv.encode(s, enc));

describe("archive name encodings", () => {
  it("leaves valid UTF-8 alone", () => {
    expect(isUtf8(new TextEncoder().encode("中文.txt"))).toBe(true);
    expect(
      chooseNameEncoding([new TextEncoder().encode("ascii.txt"), new TextEncoder().encode("日本語.txt")]),
    ).toBeNull();
  });

  for (const [enc, names, expected] of [
    ["gbk", ["中文目录", "中文目录/测试文件.txt", "新建文件夹"], "gb18030"],
    ["gbk", ["测试"], "gb18030"],
    ["shift_jis", ["日本語のファイル.txt"], "shift_jis"],
    ["shift_jis", ["報告書.docx", "これはテスト"], "shift_jis"],
    ["big5", ["測試檔案.txt", "資料夾"], "big5"],
    ["cp437", ["Überprüfung.txt", "résumé.txt"], "cp437"],
  ] as const) {
    it(`recognises ${names.join(", ")} stored in ${enc} and decodes them back`, () => {
      const raw = names.map((n) => bytes(n, enc));
      const chosen = chooseNameEncoding(raw);
      expect(chosen).toBe(expected);
      expect(raw.map((r) => decodeName(r, chosen!))).toEqual([...names]);
    });
  }

  it("judges only the names that are not UTF-8", () => {
    const raw = [new TextEncoder().encode("readme.txt"), bytes("中文目录/测试文件.txt", "gbk")];
    expect(chooseNameEncoding(raw)).toBe("gb18030");
  });
});
