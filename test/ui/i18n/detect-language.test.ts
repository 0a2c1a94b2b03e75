import { describe, expect, it } from "bun:test";
import { detectLanguage, normalizeLocale } from "../../../src/ui/i18n/detect-language";

describe("detectLanguage", () => {
  it("uses the user's chosen locale when it is supported", () => {
    expect(detectLanguage("ja", "en-US")).toBe("ja");
    expect(detectLanguage("zh-TW", "en-US")).toBe("zh-tw");
  });

  it("falls back to the browser language when the choice is empty or unknown", () => {
    expect(detectLanguage("", "en-GB")).toBe("en");
    expect(detectLanguage("xx", "zh-HK")).toBe("zh-cn");
  });

  it("maps any zh browser variant to Simplified Chinese", () => {
    for (const lang of ["zh", "zh-CN", "zh-TW", "zh-Hant-HK", "ZH-sg"])
      expect(detectLanguage(null, lang)).toBe("zh-cn");
  });

  it("gives English for every other browser language, even supported ones", () => {
    for (const lang of ["ja-JP", "ko", "ru-RU", "fr", "", undefined])
      expect(detectLanguage(undefined, lang)).toBe("en");
  });

  it("normalizes case and underscores", () => {
    expect(normalizeLocale("zh_CN")).toBe("zh-cn");
    expect(normalizeLocale("pt")).toBeNull();
  });
});
