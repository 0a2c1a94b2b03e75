/**
 * Names in the server's temp family (UPLOAD_TEMP_PREFIX, `.fbe-upload-`) are never given by a user
 * (docs/security.md "Reserved names"): listings hide them and the temp sweeper deletes them, so a file renamed to one
 * would vanish and a visitor's upload under one would be planted unseen.
 */
import { describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser } from "../support/factories";
import { openTaskSocket } from "../support/task-socket";
import { queued, waitStatus } from "../support/task-helpers";
import { makeSevenZip, sevenZip } from "../support/archives";
import { UPLOAD_TEMP_PREFIX } from "../../src/server/constants";

const ctx = serverInProcess();
const TEMP = `${UPLOAD_TEMP_PREFIX}planted`;
const REFUSAL = `400 Bad Request (names starting with ${UPLOAD_TEMP_PREFIX} are reserved for the server's temporary files)`;

/** A user with every file permission in a folder of their own, holding `a.txt` and the folder `box/`. */
async function owner() {
  const name = `u${randomBytes(4).toString("hex")}`;
  const dir = join(ctx.server.root, name);
  mkdirSync(join(dir, "box"), { recursive: true });
  writeFileSync(join(dir, "a.txt"), "a");
  const perm = { create: true, rename: true, modify: true, delete: true, share: true, download: true, execute: true };
  const user = await makeUser(ctx.server, ctx.admin, { perm, scope: `/${name}` });
  return { token: user.token, dir };
}

async function expectRefused(res: Response): Promise<void> {
  expect(`${res.status} ${await res.text()}`).toBe(`400 ${REFUSAL}`);
}

describe("a user-given name in the temp family", () => {
  it("is refused for an upload, a new file and a new folder, at any depth, and nothing is created", async () => {
    const { token, dir } = await owner();
    await expectRefused(await call(ctx.server, token, "POST", `/resources/${TEMP}?override=false`, "data"));
    await expectRefused(await call(ctx.server, token, "POST", `/resources/box/${TEMP}?override=true`, ""));
    await expectRefused(await call(ctx.server, token, "POST", `/resources/${TEMP}/`));
    await expectRefused(await call(ctx.server, token, "POST", `/resources/${TEMP}/inner.txt?override=false`, "data"));
    expect(readdirSync(dir).sort()).toEqual(["a.txt", "box"]);
    expect(readdirSync(join(dir, "box"))).toEqual([]);
  });

  it("is refused as a rename, move or copy destination, and the source stays where it was", async () => {
    const { token, dir } = await owner();
    for (const action of ["rename", "copy"]) {
      for (const dest of [`/${TEMP}`, `/box/${TEMP}`, `/${TEMP}/a.txt`]) {
        const res = await call(
          ctx.server,
          token,
          "PATCH",
          `/resources/a.txt?action=${action}&destination=${encodeURIComponent(dest)}&override=true`,
        );
        await expectRefused(res);
      }
    }
    expect(readdirSync(dir).sort()).toEqual(["a.txt", "box"]);
    expect(readdirSync(join(dir, "box"))).toEqual([]);
  });

  it("is refused for a resumable (tus) upload", async () => {
    const { token, dir } = await owner();
    const res = await call(ctx.server, token, "POST", `/tus/${TEMP}`, undefined, {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": "4",
    });
    await expectRefused(res);
    expect(readdirSync(dir).sort()).toEqual(["a.txt", "box"]);
  });

  it("is refused for an anonymous upload through an upload-only share link", async () => {
    const { token, dir } = await owner();
    const share = await call(ctx.server, token, "POST", "/share/box", { uploadOnly: true });
    expect(share.status).toBe(200);
    const { hash } = (await share.json()) as { hash: string };
    await expectRefused(
      await fetch(`${ctx.server.url}/api/public/upload/${hash}/${TEMP}`, { method: "POST", body: "data" }),
    );
    expect(
      (await fetch(`${ctx.server.url}/api/public/upload/${hash}/visible.txt`, { method: "POST", body: "data" })).status,
    ).toBe(200);
    expect(readdirSync(join(dir, "box"))).toEqual(["visible.txt"]);
  });

  it("is left out of an unarchive, named among the refused entries, while the other entries are extracted", async () => {
    sevenZip();
    const { token, dir } = await owner();
    makeSevenZip({
      dest: join(dir, "pack.zip"),
      tree: { "kept.txt": "kept", [TEMP]: "hidden", sub: { [`${UPLOAD_TEMP_PREFIX}x`]: { "deep.txt": "d" } } },
    });
    const ws = await openTaskSocket(ctx.server, token);
    const t = await queued(ws, { Task: "unarchive", TargetPath: "/pack.zip", Params: { archiveOneTopLevel: false } });
    const done = await waitStatus(ws, t.TaskID, [3, 4, 5]);
    expect(done.Status).toBe(4);
    expect(done.Message).toContain(TEMP);
    expect(existsSync(join(dir, "kept.txt"))).toBe(true);
    expect(existsSync(join(dir, TEMP))).toBe(false);
    expect(readdirSync(join(dir, "sub"))).toEqual([]);
    const out = await queued(ws, { Task: "unarchive", TargetPath: "/pack.zip", Params: { archiveOutput: `/${TEMP}` } });
    const failed = await waitStatus(ws, out.TaskID, [3, 4, 5]);
    expect(failed.Status).toBe(5);
    expect(failed.Message).toContain("reserved for the server's temporary files");
    expect(existsSync(join(dir, TEMP))).toBe(false);
    await ws.close();
  });

  it("does not cover names that only hold the prefix later or spell it differently", async () => {
    const { token, dir } = await owner();
    for (const name of [`x${TEMP}`, ".fbe-uploaded", ".fbe-upload"]) {
      expect(
        (await call(ctx.server, token, "POST", `/resources/${encodeURIComponent(name)}?override=false`, "data")).status,
      ).toBe(200);
      expect(existsSync(join(dir, name))).toBe(true);
    }
  });
});
