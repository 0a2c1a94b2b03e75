/** @module A short name for a User-Agent string, e.g. "Firefox on Linux", for the sessions lists. */

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\//, "curl"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux|X11/, "Linux"],
];

/**
 * The browser and system a User-Agent names, as `{browser, system}`; either is "" when not recognized (the
 * order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux).
 */
export function browserName(ua: string): { browser: string; system: string } {
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? "";
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? "";
  return { browser, system };
}
