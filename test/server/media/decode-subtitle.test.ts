import { describe, expect, it } from "bun:test";
import iconv from "iconv-lite";
import { decodeSubtitle, detectSubtitleEncoding } from "../../../src/server/media/decode-subtitle";

const srt = (lines: string[]) =>
  lines.map((t, i) => `${i + 1}\r\n00:00:0${i},200 --> 00:00:0${i},900\r\n${t}\r\n`).join("\r\n");
const bytes = (text: string, encoding: string) => new Uint8Array(iconv.encode(text, encoding));

describe("decodeSubtitle", () => {
  it("keeps UTF-8 and drops its byte order mark", () => {
    expect(decodeSubtitle(bytes(srt(["héllo 字幕"]), "utf-8"))).toEqual({
      text: srt(["héllo 字幕"]),
      encoding: "utf-8",
    });
    expect(decodeSubtitle(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes("WEBVTT\n", "utf-8")]))).toEqual({
      text: "WEBVTT\n",
      encoding: "utf-8",
    });
  });

  it("follows a UTF-16 byte order mark", () => {
    expect(decodeSubtitle(new Uint8Array([0xff, 0xfe, ...bytes("1\nДа\n", "utf-16le")])).text).toBe("1\nДа\n");
    expect(decodeSubtitle(new Uint8Array([0xfe, 0xff, ...bytes("1\nДа\n", "utf-16be")])).text).toBe("1\nДа\n");
  });

  const legacy: [string, string[], string][] = [
    ["gbk", ["你好，字幕", "我们今天去看电影吧"], "gb18030"],
    ["big5", ["我們今天去看電影吧", "好的，沒問題"], "big5"],
    ["shift_jis", ["こんにちは、字幕", "二行目"], "shift_jis"],
    ["euc-kr", ["안녕하세요 자막", "두 번째 줄"], "euc-kr"],
    ["win1251", ["Привет, субтитры", "Вторая строка"], "windows-1251"],
    ["win1251", ["Да", "Нет"], "windows-1251"],
    ["latin1", ["Ça va très bien", "Où est-il ?"], "iso-8859-1"],
  ];
  for (const [encoding, lines, detected] of legacy) {
    it(`decodes ${encoding} text (${lines[0]})`, () => {
      const raw = bytes(srt(lines), encoding);
      expect(detectSubtitleEncoding(raw)).toBe(detected);
      expect(decodeSubtitle(raw).text).toBe(srt(lines));
    });
  }
});
