import { describe, expect, it } from "bun:test";
import { transferThreadOptions } from "../../../src/server/transfer-threads/transfer-threads";
import { loadConfig } from "../../../src/server/config/load";
import { isPlainFileRequest } from "../../../src/server/routes/transfer-app";

describe("transfer thread options", () => {
  it("are off by default; auto is one thread less than the cores, at most 3, and none on one core", () => {
    expect(transferThreadOptions(loadConfig([], {}, "/"), 8).count).toBe(0);
    expect(transferThreadOptions(loadConfig([], { FBE_TRANSFER_THREADS: "auto" }, "/"), 1).count).toBe(0);
    expect(transferThreadOptions(loadConfig([], { FBE_TRANSFER_THREADS: "auto" }, "/"), 2).count).toBe(1);
    expect(transferThreadOptions(loadConfig([], { FBE_TRANSFER_THREADS: "auto" }, "/"), 64).count).toBe(3);
    expect(transferThreadOptions(loadConfig([], {}, "/"), 2).idleMs).toBe(120_000);
  });

  it("take FBE_TRANSFER_THREADS and FBE_TRANSFER_IDLE_MS, ignoring values out of range", () => {
    expect(transferThreadOptions(loadConfig([], { FBE_TRANSFER_THREADS: "0" }, "/"), 8).count).toBe(0);
    expect(transferThreadOptions(loadConfig([], { FBE_TRANSFER_THREADS: "5" }, "/"), 2).count).toBe(5);
    for (const bad of ["-1", "17", "1.5", "two", ""])
      expect(transferThreadOptions(loadConfig([], { FBE_TRANSFER_THREADS: bad }, "/"), 4).count).toBe(0);
    expect(transferThreadOptions(loadConfig([], { FBE_TRANSFER_IDLE_MS: "5000" }, "/"), 2).idleMs).toBe(5000);
    expect(transferThreadOptions(loadConfig([], { FBE_TRANSFER_IDLE_MS: "10" }, "/"), 2).idleMs).toBe(120_000);
  });
});

describe("plain file requests, the only ones a thread serves itself", () => {
  const plain = (method: string, url: string, prefix = "/api/raw/") =>
    isPlainFileRequest(method, new URL(url, "http://h"), prefix);
  it("are GET or HEAD of /api/raw/ with nothing but auth and inline", () => {
    expect(plain("GET", "/api/raw/a/b.mkv")).toBe(true);
    expect(plain("HEAD", "/api/raw/a.bin?auth=t&inline=true")).toBe(true);
    expect(plain("GET", "/app/api/raw/a.bin", "/app/api/raw/")).toBe(true);
  });
  it("leave archives, thumbnails, subtitles, writes and other routes to the main thread", () => {
    for (const url of [
      "/api/raw/d/?algo=zip",
      "/api/raw/?files=a,b&algo=tar",
      "/api/raw/i.jpg?thumb=true&w=256",
      "/api/raw/vtt?si=2&movie=/m.mkv",
      "/api/raw/a.bin?x=1",
      "/api/resources/a.bin",
      "/api/rawx/a.bin",
      "/api/raw",
    ]) {
      expect(plain("GET", url)).toBe(false);
    }
    expect(plain("POST", "/api/raw/a.bin")).toBe(false);
    expect(plain("GET", "/api/raw/a.bin", "/app/api/raw/")).toBe(false);
  });
});
