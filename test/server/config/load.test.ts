import { describe, expect, it } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, normalizeBaseUrl } from "../../../src/server/config/load";
import { flagsHelp } from "../../../src/server/config/flags";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const c = loadConfig([], {}, "/srv");
    expect(c).toMatchObject({
      address: "127.0.0.1",
      port: 8080,
      root: "/srv",
      database: "/srv/filebrowser.db",
      baseurl: "",
      cacheDir: "/srv/.cache",
      username: "admin",
      noauth: false,
      signup: false,
      log: "stdout",
    });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it("merges defaults < config file < FB_ variables < flags", () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-cfg-"));
    writeFileSync(join(dir, "c.yaml"), "port: 7000\naddress: 0.0.0.0\nbaseurl: /from-file\nnoauth: true\n");
    const c = loadConfig(
      ["--config", "c.yaml", "-p", "9000", "--signup"],
      { FB_PORT: "8000", FB_BASEURL: "env/" },
      dir,
    );
    expect(c.port).toBe(9000);
    expect(c.address).toBe("0.0.0.0");
    expect(c.baseurl).toBe("/env");
    expect(c.noauth).toBe(true);
    expect(c.signup).toBe(true);
    const j = join(dir, "c.json");
    writeFileSync(j, JSON.stringify({ "cache-dir": "/var/cache/fbe", database: "db/x.db" }));
    expect(loadConfig(["--config=" + j], {}, dir)).toMatchObject({
      cacheDir: "/var/cache/fbe",
      database: join(dir, "db/x.db"),
    });
  });

  it("refuses unknown flags and bad values with a usage error", () => {
    expect(() => loadConfig(["--nope"], {}, "/")).toThrow("unknown flag");
    expect(() => loadConfig(["-p", "http"], {}, "/")).toThrow("port");
    expect(() => loadConfig(["--port"], {}, "/")).toThrow("needs a value");
  });

  it("reads --allowed-hosts from the flag, FB_ALLOWED_HOSTS or the file, lists it in --help and refuses a bad entry", () => {
    expect(loadConfig([], {}, "/").allowedHosts).toBe("");
    expect(
      loadConfig(["--allowed-hosts", "a.example,b.example"], { FB_ALLOWED_HOSTS: "c.example" }, "/").allowedHosts,
    ).toBe("a.example,b.example");
    expect(loadConfig([], { FB_ALLOWED_HOSTS: "c.example" }, "/").allowedHosts).toBe("c.example");
    const dir = mkdtempSync(join(tmpdir(), "fbe-cfg-"));
    writeFileSync(join(dir, "h.yaml"), "allowed-hosts: files.example\n");
    expect(loadConfig(["--config", "h.yaml"], {}, dir).allowedHosts).toBe("files.example");
    expect(() => loadConfig(["--allowed-hosts=a b"], {}, "/")).toThrow("is not a host name");
    expect(flagsHelp()).toMatch(/--allowed-hosts .*421.*env FB_ALLOWED_HOSTS/);
  });

  it("reads the FBE_ rows from the environment alone, each falling back to its default", () => {
    const env = {
      FBE_LISTING_CACHE_MB: "0.01",
      FBE_LISTING_WORKER: "0",
      FBE_INDEX_WATCH_MAX: "2",
      FBE_TRANSFER_THREADS: "auto",
      FBE_UMASK: "022",
      FBE_PASSWORD_MEMORY_KIB: "1024",
    };
    expect(loadConfig([], env, "/")).toMatchObject({
      listingCacheMb: 0.01,
      listingWorker: false,
      indexWatchMax: 2,
      transferThreads: "auto",
      umask: 0o022,
      passwordMemoryKib: 1024,
    });
    expect(loadConfig([], { FBE_PASSWORD_MEMORY_KIB: "512" }, "/").passwordMemoryKib).toBe(65_536);
    expect(loadConfig([], { FBE_LISTING_THREADS: "", FBE_INDEX_WATCH_MAX: "many" }, "/")).toMatchObject({
      listingCacheMb: 64,
      listingCacheFolders: 512,
      listingThreads: 2,
      listingIdleMs: 30_000,
      listingWorker: true,
      listingFfi: true,
      indexWatchMax: Infinity,
      transferThreads: 0,
      umask: 0o027,
      hlsDebug: false,
      passwordMemoryKib: 65_536,
      xdgCacheHome: "",
    });
    const dir = mkdtempSync(join(tmpdir(), "fbe-cfg-"));
    writeFileSync(join(dir, "l.yaml"), "listingCacheMb: 1\n");
    expect(loadConfig(["--config", "l.yaml"], {}, dir).listingCacheMb).toBe(64);
    expect(() => loadConfig(["--listingCacheMb", "1"], {}, "/")).toThrow("unknown flag");
    expect(flagsHelp()).not.toContain("FBE_");
  });

  it("normalizes base URLs", () => {
    expect(normalizeBaseUrl("")).toBe("");
    expect(normalizeBaseUrl("/")).toBe("");
    expect(normalizeBaseUrl("app/")).toBe("/app");
  });
});
