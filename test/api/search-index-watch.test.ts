import { afterAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, startServer, type TestServer } from "../support/server";
import { makeTree } from "../support/tree";
import { call } from "../support/factories";

/** The live find limit of the index: a file added in a shell is found within this many ms. */
const FOUND_WITHIN_MS = 5000;

const started: { server: TestServer; root: string }[] = [];
afterAll(async () => {
  for (const s of started) {
    await s.server.stop();
    rmSync(s.root, { recursive: true, force: true });
  }
});

/** A server over a fresh tree of four folders, its index built, with `env`. */
async function indexedServer(env: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), "fbe-index-watch-"));
  makeTree(root, { photos: { "2024": { "old.jpg": "x" } }, docs: { notes: { "a.txt": "a" } } });
  const server = await startServer({ root, env });
  started.push({ server, root });
  const admin = await login(server);
  const status = async () =>
    (await (await call(server, admin, "GET", "/search-index")).json()) as Record<string, unknown>;
  for (let i = 0; i < 200 && (await status()).state !== "ready"; i++) await Bun.sleep(25);
  /** Paths the index answers for `query`. */
  const indexed = async (query: string): Promise<string[]> => {
    const res = await call(server, admin, "GET", `/search/?query=${encodeURIComponent(query)}`);
    expect(res.headers.get("X-Search-Index")).toBe("ready");
    return ((await res.json()) as { path: string }[]).map((h) => h.path).sort();
  };
  /** Polls `indexed(query)` until it equals `want`, for at most FOUND_WITHIN_MS; resolves with the last answer. */
  const within = async (query: string, want: string[]): Promise<string[]> => {
    const until = Date.now() + FOUND_WITHIN_MS;
    let got = await indexed(query);
    while (JSON.stringify(got) !== JSON.stringify(want) && Date.now() < until) {
      await Bun.sleep(100);
      got = await indexed(query);
    }
    return got;
  };
  return { root, status, within };
}

describe("the index follows changes made outside the product", () => {
  it("finds a file, a new folder tree and a moved folder made with plain file system calls within 5 s, and forgets removed ones", async () => {
    const { root, within, status } = await indexedServer();
    writeFileSync(join(root, "docs/notes/quince-shell.txt"), "from a shell");
    expect(await within("quince", ["docs/notes/quince-shell.txt"])).toEqual(["docs/notes/quince-shell.txt"]);
    mkdirSync(join(root, "photos/2025/trip"), { recursive: true });
    writeFileSync(join(root, "photos/2025/trip/rsync-kumquat.jpg"), "x");
    expect(await within("kumquat", ["photos/2025/trip/rsync-kumquat.jpg"])).toEqual([
      "photos/2025/trip/rsync-kumquat.jpg",
    ]);
    // The new folders are watched too: a file added inside one later is found as well.
    writeFileSync(join(root, "photos/2025/trip/later-kumquat.png"), "x");
    expect(
      await within("kumquat", ["photos/2025/trip/later-kumquat.png", "photos/2025/trip/rsync-kumquat.jpg"]),
    ).toHaveLength(2);
    renameSync(join(root, "photos/2025"), join(root, "docs/2025"));
    expect(await within("kumquat", ["docs/2025/trip/later-kumquat.png", "docs/2025/trip/rsync-kumquat.jpg"])).toEqual([
      "docs/2025/trip/later-kumquat.png",
      "docs/2025/trip/rsync-kumquat.jpg",
    ]);
    writeFileSync(join(root, "docs/2025/trip/moved-kumquat.txt"), "x");
    expect(await within("moved-kumquat", ["docs/2025/trip/moved-kumquat.txt"])).toEqual([
      "docs/2025/trip/moved-kumquat.txt",
    ]);
    rmSync(join(root, "docs/notes/quince-shell.txt"));
    expect(await within("quince", [])).toEqual([]);
    expect((await status()).watch).toMatchObject({ live: true, short: false });
  }, 40_000);

  it("says in the index status that the watch limit ran short, and watches only that many folders", async () => {
    const { status } = await indexedServer({ FBE_INDEX_WATCH_MAX: "2" });
    expect((await status()).watch).toEqual({
      live: true,
      folders: 2,
      limit: 2,
      short: true,
      intervalMinutes: expect.any(Number),
    });
    const full = await indexedServer();
    // The root and its four folders.
    expect((await full.status()).watch).toMatchObject({ live: true, folders: 5, short: false });
  }, 20_000);
});
