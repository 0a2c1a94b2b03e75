import { describe, expect, it } from "bun:test";
import { isTheme, resolveTheme, themeOrDefault } from "../../../src/ui/stores/theme-rules";

describe("theme choice", () => {
  it("knows the three choices and nothing else", () => {
    expect(["light", "dark", "system"].every(isTheme)).toBe(true);
    expect([undefined, null, "", "Dark", "sepia", 1].some(isTheme)).toBe(false);
  });

  it("starts on system without a stored choice or with one it does not know", () => {
    expect(themeOrDefault(null)).toBe("system");
    expect(themeOrDefault("sepia")).toBe("system");
    expect(themeOrDefault("dark")).toBe("dark");
  });

  it("gives light or dark as chosen, and the device's setting for system", () => {
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
  });
});
