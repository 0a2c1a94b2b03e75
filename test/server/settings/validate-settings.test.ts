import { describe, expect, it } from "bun:test";
import { applySettingsPatch } from "../../../src/server/settings/validate-settings";
import { DEFAULT_SETTINGS } from "../../../src/server/settings/schema";

const apply = (patch: unknown) => applySettingsPatch(DEFAULT_SETTINGS, patch);
const refuses = (patch: unknown, message: string) => expect(() => apply(patch)).toThrow(`400 Bad Request (${message}`);

describe("applySettingsPatch", () => {
  it("applies partial sections over the current settings without touching the input", () => {
    const next = apply({ video: { volume: 0 }, signup: true, createUserDir: true });
    expect(next.video).toEqual({ ...DEFAULT_SETTINGS.video, volume: 0 });
    expect(next.signup).toBe(true);
    expect(DEFAULT_SETTINGS.video.volume).toBe(60);
  });

  it('accepts the range ends of docs/product.md "Settings ranges"', () => {
    const next = apply({
      video: { volume: 100, seekDelta: 60, seekDeltaLong: 600 },
      thumbnail: {
        cacheGcProbability: 1000000,
        cacheExpireTTL: 31536000 - (31536000 % 3600),
        thumbnailVideoColumns: 1,
        thumbnailVideoNumcaps: 1,
      },
      slideshow: { preloadRange: 0 },
    });
    expect(next.video.seekDeltaLong).toBe(600);
    expect(next.thumbnail.cacheGcProbability).toBe(1000000);
  });

  it("names the field of the first value out of range", () => {
    refuses({ video: { seekDeltaLong: 0 } }, "video.seekDeltaLong must be an integer from 1 to 600");
    refuses({ thumbnail: { cacheExpireTTL: 1800 } }, "thumbnail.cacheExpireTTL must be a multiple of 3600");
    refuses({ video: { volume: 50.5 } }, "video.volume must be an integer");
    refuses({ branding: { name: 5 } }, "branding.name must be a string");
    refuses([], "settings must be an object");
  });

  it("converts numeric strings and splits the shell on spaces", () => {
    const next = apply({ video: { volume: " 42 " }, shell: " cmd  /c " });
    expect(next.video.volume).toBe(42);
    expect(next.shell).toEqual(["cmd", "/c"]);
  });

  it("checks the user defaults like user fields, keeping the ones left out", () => {
    const next = apply({ defaults: { scope: ".", perm: { download: true } } });
    expect(next.defaults.scope).toBe("/");
    expect(next.defaults.perm).toMatchObject({ download: true, create: false, admin: false });
    expect(next.defaults.viewMode).toBe("list");
    refuses({ defaults: { scope: "/../x" } }, "defaults.scope must be a folder inside the files root");
  });

  it("normalizes rules and keeps the stored captcha secret when an empty one is saved", () => {
    const withSecret = applySettingsPatch(DEFAULT_SETTINGS, { captcha: { secret: "s" } });
    expect(applySettingsPatch(withSecret, { captcha: { secret: "", key: "k" } }).captcha).toMatchObject({
      secret: "s",
      key: "k",
    });
    expect(apply({ rules: [{ allow: false, path: "a/b/" }] }).rules).toEqual([
      { allow: false, path: "/a/b", regex: false, regexp: { raw: "" } },
    ]);
    refuses({ rules: [{ path: "" }] }, "rules[0].path must not be empty");
  });

  it("ignores unknown keys such as read-only extras of GET answers", () => {
    expect(apply({ nonsense: 1, captcha: { secretSet: true } })).toEqual(DEFAULT_SETTINGS);
  });
});
