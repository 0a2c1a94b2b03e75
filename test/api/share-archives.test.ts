import { beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call } from "../support/factories";
import { makeTree } from "../support/tree";
import { runTool } from "../support/zip-writer";

const ctx = serverInProcess();

beforeAll(() => {
  makeTree(join(ctx.server.root, "pub"), {
    "a.txt": "seen",
    ".env": "SECRET=1",
    ".git": { config: "[core]" },
    sub: { "b.txt": "seen too", ".hidden": "no", ".cache": { "x.bin": "no" } },
  });
});

/** Shares `path` publicly for an hour; returns the link's hash. */
async function share(path: string): Promise<string> {
  const res = await call(ctx.server, ctx.admin, "POST", `/share${path}?expires=1&unit=hours`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { hash: string }).hash;
}

/** The entry names of the archive at `url` (zip or tar), as the standard tools list them, sorted. */
async function entryNames(url: string, algo: "zip" | "tar", headers: Record<string, string> = {}): Promise<string[]> {
  const res = await fetch(url, { headers });
  expect(res.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), "fbe-share-archive-"));
  try {
    const file = join(dir, `a.${algo}`);
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
    const out = algo === "zip" ? runTool(["unzip", "-Z1", file]) : runTool(["tar", "tf", file]);
    return out
      .split("\n")
      .filter(Boolean)
      .map((n) => n.replace(/\/$/, ""))
      .sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("archives of a public folder share", () => {
  it("leave out the dotfiles and dot folders the share's listing hides, in zip and tar, at any depth", async () => {
    const hash = await share("/pub/");
    const listing = (await (await fetch(`${ctx.server.url}/api/public/share/${hash}`)).json()) as {
      items: { name: string }[];
    };
    expect(listing.items.map((i) => i.name).sort()).toEqual(["a.txt", "sub"]);
    for (const algo of ["zip", "tar"] as const) {
      expect(await entryNames(`${ctx.server.url}/api/public/dl/${hash}/?algo=${algo}`, algo)).toEqual([
        "pub",
        "pub/a.txt",
        "pub/sub",
        "pub/sub/b.txt",
      ]);
      expect(await entryNames(`${ctx.server.url}/api/public/dl/${hash}/sub?algo=${algo}`, algo)).toEqual([
        "sub",
        "sub/b.txt",
      ]);
    }
  });

  it("still leave them in the owner's own download of the folder", async () => {
    const names = await entryNames(`${ctx.server.url}/api/raw/pub/?algo=zip`, "zip", { "X-Auth": ctx.admin });
    expect(names).toContain("pub/.env");
    expect(names).toContain("pub/sub/.cache/x.bin");
  });
});
