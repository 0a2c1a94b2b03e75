import { describe, expect, it } from "bun:test";
import {
  COMMAND_EVENTS,
  commandLines,
  commandsFromTexts,
  commandTexts,
  globalPayload,
  numberText,
  QUALITY_OPTIONS,
  settingsTexts,
  splitShell,
  toNumber,
} from "../../../src/ui/stores/settings-rules";
import type { GlobalSettings } from "../../../src/ui/api/settings";

describe("number inputs", () => {
  it("converts the typed text to a number", () => {
    expect(toNumber("60")).toBe(60);
    expect(toNumber(" 3600 ")).toBe(3600);
  });

  it("gives NaN for an empty entry and shows NaN as an empty input", () => {
    expect(toNumber("")).toBeNaN();
    expect(numberText(Number.NaN)).toBe("");
    expect(numberText(5)).toBe("5");
  });
});

describe("shell and commands", () => {
  it("splits the shell on spaces and drops empty words", () => {
    expect(splitShell("  bash   -c ")).toEqual(["bash", "-c"]);
    expect(splitShell("")).toEqual([]);
  });

  it("trims command lines and drops empty ones", () => {
    expect(commandLines("  echo a \n\n   \r\necho b")).toEqual(["echo a", "echo b"]);
  });

  it("keeps events with lines only and shows every known event", () => {
    expect(commandsFromTexts({ before_save: " echo x \n", after_save: "  " })).toEqual({ before_save: ["echo x"] });
    const texts = commandTexts({ custom: ["a", "b"] });
    expect(Object.keys(texts)).toEqual([...COMMAND_EVENTS, "custom"]);
    expect(texts.custom).toBe("a\nb");
  });
});

describe("video quality options", () => {
  it("lists normal then 18 HLS qualities numbered 1 to 18", () => {
    expect(QUALITY_OPTIONS).toHaveLength(19);
    expect(QUALITY_OPTIONS[0]).toEqual({ value: 0 });
    expect(QUALITY_OPTIONS[1]).toEqual({ value: 1, res: "1080p", mbps: 60 });
    expect(QUALITY_OPTIONS[18]).toEqual({ value: 18, res: "480p", mbps: 1 });
  });
});

describe("global settings payload", () => {
  const settings = {
    signup: false,
    shell: ["bash", "-c"],
    excludeIndexDirs: ["a"],
    commands: { x: ["y"] },
    defaults: {},
    thumbnail: { thumbnailVideoComment: "  hi  " },
    captcha: { enabled: false, key: "k", secretSet: true, verifyUrl: "u" },
  } as unknown as GlobalSettings;

  it("sends the split shell, the exclude lines, a trimmed comment and no defaults or commands", () => {
    const texts = { ...settingsTexts(settings), shell: " sh  -c ", excludeIndexDirs: " a \n\n b " };
    const body = globalPayload(settings, texts);
    expect(body.shell).toEqual(["sh", "-c"]);
    expect(body.excludeIndexDirs).toEqual(["a", "b"]);
    expect(body.thumbnail?.thumbnailVideoComment).toBe("hi");
    expect(body).not.toHaveProperty("defaults");
    expect(body).not.toHaveProperty("commands");
  });

  it("sends the captcha secret only when one was typed, and never secretSet", () => {
    expect(globalPayload(settings, settingsTexts(settings)).captcha).toEqual({
      enabled: false,
      key: "k",
      verifyUrl: "u",
    });
    expect(globalPayload(settings, { ...settingsTexts(settings), captchaSecret: " s " }).captcha).toEqual({
      enabled: false,
      key: "k",
      verifyUrl: "u",
      secret: "s",
    });
  });
});
