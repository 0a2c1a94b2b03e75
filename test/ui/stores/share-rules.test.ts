import { describe, expect, it } from "bun:test";
import {
  downloadCount,
  expiryText,
  parseDownloadLimit,
  parseDownloadRate,
  parseShareDuration,
  relativeExpiry,
  shareOptions,
  shareUrl,
  chosenDuration,
} from "../../../src/ui/stores/share-rules";

describe("share duration", () => {
  it("takes a trimmed whole number from 0 to 2147483647", () => {
    expect(parseShareDuration(" 1 ")).toBe(1);
    expect(parseShareDuration("0")).toBe(0);
    expect(parseShareDuration("2147483647")).toBe(2147483647);
  });

  it("blocks creation for an empty, out-of-range or non-whole value", () => {
    for (const bad of ["", "   ", "2147483648", "-1", "1.5", "1e3", "abc"]) expect(parseShareDuration(bad)).toBeNull();
  });
});

describe("expiry choice of Create link", () => {
  it("asks for a permanent link for never, a preset's duration, or the typed custom one", () => {
    expect(chosenDuration("never", "", "hours")).toBeUndefined();
    expect(chosenDuration("7d", "", "hours")).toEqual({ expires: 7, unit: "days" });
    expect(chosenDuration("custom", " 90 ", "minutes")).toEqual({ expires: 90, unit: "minutes" });
  });

  it("blocks creation while the custom amount is not a valid duration", () => {
    expect(chosenDuration("custom", "", "hours")).toBeNull();
    expect(chosenDuration("custom", "1.5", "days")).toBeNull();
  });
});

describe("relative expiry", () => {
  const now = 1_800_000_000;
  it("picks the largest unit that fits, rounded", () => {
    expect(relativeExpiry(now + 3600, now)).toEqual({ value: 1, unit: "hour" });
    expect(relativeExpiry(now + 3599, now)).toEqual({ value: 1, unit: "hour" });
    expect(relativeExpiry(now + 3540, now)).toEqual({ value: 59, unit: "minute" });
    expect(relativeExpiry(now + 45, now)).toEqual({ value: 45, unit: "second" });
    expect(relativeExpiry(now + 3 * 86400, now)).toEqual({ value: 3, unit: "day" });
    expect(relativeExpiry(now + 400 * 86400, now)).toEqual({ value: 1, unit: "year" });
    expect(relativeExpiry(now - 120, now)).toEqual({ value: -2, unit: "minute" });
  });

  it("has no relative time for a permanent link", () => {
    expect(relativeExpiry(0, now)).toBeNull();
    expect(expiryText(0, now, "en", "permanent")).toBe("permanent");
  });

  it("reads in the UI language", () => {
    expect(expiryText(now + 7200, now, "en", "permanent")).toBe("in 2 hours");
    expect(expiryText(now + 7200, now, "ru", "бессрочно")).toBe("через 2 часа");
    expect(expiryText(now + 86400, now, "en", "permanent")).toBe("tomorrow");
  });
});

describe("share URL", () => {
  it("is origin, base URL and /share/{hash}", () => {
    expect(shareUrl("http://h:8080", "", "abc")).toBe("http://h:8080/share/abc");
    expect(shareUrl("https://h", "/app", "a_b-C")).toBe("https://h/app/share/a_b-C");
  });
});

describe("download limit", () => {
  it("is no limit (0) when empty and a trimmed whole number from 1 up to the server's bound otherwise", () => {
    expect(parseDownloadLimit("")).toBe(0);
    expect(parseDownloadLimit("  ")).toBe(0);
    expect(parseDownloadLimit(" 3 ")).toBe(3);
    expect(parseDownloadLimit("1")).toBe(1);
    expect(parseDownloadLimit("1000000000")).toBe(1_000_000_000);
  });

  it("blocks creation for zero, a negative, a fraction, an exponent, text or a number above the bound", () => {
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "1000000001"]) expect(parseDownloadLimit(bad)).toBeNull();
  });
});

describe("link options body", () => {
  const none = { password: "", uploadOnly: false, isDir: true, downloadLimit: 0 };
  it("is absent when no option is set", () => {
    expect(shareOptions(none)).toBeUndefined();
  });

  it("holds only the options that are set", () => {
    expect(shareOptions({ ...none, password: "pw" })).toEqual({ password: "pw" });
    expect(shareOptions({ ...none, uploadOnly: true, downloadLimit: 2 })).toEqual({
      uploadOnly: true,
      downloadLimit: 2,
    });
  });

  it("never sends upload-only for a file", () => {
    expect(shareOptions({ ...none, uploadOnly: true, isDir: false })).toBeUndefined();
  });
});

describe("download count", () => {
  it("shows downloads against the limit, or the count alone without one", () => {
    expect(downloadCount({ downloads: 1, downloadLimit: 1 })).toBe("1/1");
    expect(downloadCount({ downloads: 7, downloadLimit: 0 })).toBe("7");
  });
});

describe("parseDownloadRate", () => {
  it("reads KiB/s as bytes per second: empty is no limit, anything but a whole number from 1 blocks creation", () => {
    expect(parseDownloadRate("")).toBe(0);
    expect(parseDownloadRate(" 256 ")).toBe(256 * 1024);
    expect(parseDownloadRate("1")).toBe(1024);
    for (const bad of ["0", "1.5", "-3", "abc", "99999999999"]) expect(parseDownloadRate(bad)).toBeNull();
  });

  it("goes into the new link's options only when set", () => {
    expect(
      shareOptions({ password: "", uploadOnly: false, isDir: false, downloadLimit: 0, downloadRate: 2048 }),
    ).toEqual({ downloadRate: 2048 });
    expect(
      shareOptions({ password: "", uploadOnly: false, isDir: false, downloadLimit: 0, downloadRate: 0 }),
    ).toBeUndefined();
  });
});
