import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeUser, type TestUser } from "../support/factories";

// Long copies and deletes of big trees tell how far they are and leave the server answering other requests.
const ctx = serverInProcess();
let other: TestUser;
const FILES = 3000;

interface Progress {
  action: string;
  totalItems: number;
  totalBytes: number;
  doneItems: number;
  doneBytes: number;
  done: boolean;
}

function makeBig(name: string): void {
  const dir = join(ctx.server.root, name);
  mkdirSync(join(dir, "sub"), { recursive: true });
  for (let i = 0; i < FILES; i++) writeFileSync(join(dir, i % 2 ? "sub" : "", `f-${i}.txt`), "0123456789");
}

const progress = (id: string, auth = ctx.admin) =>
  fetch(`${ctx.server.url}/api/progress/${id}`, { headers: { "X-Auth": auth } });

/** Polls the progress of `id` until the operation ends; the counts seen on the way. */
async function watch(id: string, until: Promise<Response>): Promise<Progress[]> {
  const seen: Progress[] = [];
  let finished = false;
  void until.then(() => (finished = true));
  while (!finished) {
    const res = await progress(id);
    if (res.status === 200) seen.push((await res.json()) as Progress);
    await Bun.sleep(5);
  }
  return seen;
}

beforeAll(async () => {
  other = await makeUser(ctx.server, ctx.admin, { perm: { create: true, delete: true, download: true } });
});

describe("progress of long operations", () => {
  it("counts a big copy's items and bytes as it goes, while other requests are answered", async () => {
    makeBig("big");
    const id = "copy-progress-1";
    const copy = fetch(
      `${ctx.server.url}/api/resources/big?action=copy&destination=${encodeURIComponent("/big-copy")}`,
      {
        method: "PATCH",
        headers: { "X-Auth": ctx.admin, "X-Progress-Id": id },
      },
    );
    let copyDone = false;
    void copy.then(() => (copyDone = true));
    const seen = watch(id, copy);
    // A listing asked while the copy runs comes back before the copy ends: the copy never holds the server.
    await Bun.sleep(20);
    const listing = await fetch(`${ctx.server.url}/api/resources/`, { headers: { "X-Auth": ctx.admin } });
    expect(listing.status).toBe(200);
    expect(copyDone).toBe(false);
    expect((await copy).status).toBe(200);
    const counts = await seen;
    const last = (await (await progress(id)).json()) as Progress;
    expect(last).toEqual({
      action: "copy",
      totalItems: FILES + 2,
      totalBytes: FILES * 10,
      doneItems: FILES + 2,
      doneBytes: FILES * 10,
      done: true,
    });
    expect(counts.some((p) => p.doneItems > 0 && p.doneItems < FILES + 2)).toBe(true);
    expect(readdirSync(join(ctx.server.root, "big-copy", "sub")).length).toBe(FILES / 2);
  });

  it("counts a big delete for good, and another user cannot read the counts", async () => {
    const id = "delete-progress-1";
    // Into the trash a delete is one rename: only a delete for good removes item by item.
    const del = fetch(`${ctx.server.url}/api/resources/big-copy?permanent=true`, {
      method: "DELETE",
      headers: { "X-Auth": ctx.admin, "X-Progress-Id": id },
    });
    const counts = await watch(id, del);
    expect((await del).status).toBe(200);
    expect(existsSync(join(ctx.server.root, "big-copy"))).toBe(false);
    expect(counts.some((p) => p.action === "delete" && p.doneItems > 0 && p.doneItems < FILES + 2)).toBe(true);
    expect((await (await progress(id)).json()) as Progress).toMatchObject({
      totalItems: FILES + 2,
      doneItems: FILES + 2,
      done: true,
    });
    expect((await progress(id, other.token)).status).toBe(404);
    expect((await progress("never-started-1")).status).toBe(404);
  });

  it("works without the header, and ignores an id of the wrong shape", async () => {
    mkdirSync(join(ctx.server.root, "small"));
    writeFileSync(join(ctx.server.root, "small", "a.txt"), "a");
    const res = await fetch(
      `${ctx.server.url}/api/resources/small?action=copy&destination=${encodeURIComponent("/small-2")}`,
      {
        method: "PATCH",
        headers: { "X-Auth": ctx.admin, "X-Progress-Id": "bad id!" },
      },
    );
    expect(res.status).toBe(200);
    expect(existsSync(join(ctx.server.root, "small-2", "a.txt"))).toBe(true);
    expect((await progress("bad id!")).status).toBe(404);
  });
});
