import { describe, expect, it } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeUser } from "../support/factories";
import { openTaskSocket } from "../support/task-socket";
import { queued, waitStatus } from "../support/task-helpers";
import { makeSevenZip, sevenZip, textBytes } from "../support/archives";
import { storedZip } from "../support/stored-zip";

const ctx = serverInProcess();
sevenZip();

describe("unarchive failure messages", () => {
  it("say what is wrong with the archive in 7-Zip's summary, never its lines about the file on disk nor the engine's path", async () => {
    const name = `u${randomBytes(4).toString("hex")}`;
    const dir = join(ctx.server.root, name);
    mkdirSync(dir);
    const user = await makeUser(ctx.server, ctx.admin, { perm: { execute: true, rename: true }, scope: `/${name}` });
    const ws = await openTaskSocket(ctx.server, user.token);
    writeFileSync(join(dir, "garbage.zip"), "this is not a zip at all");
    writeFileSync(join(dir, "fake.7z"), "7z\xbc\xaf\x27\x1c then garbage");
    const zip = storedZip([
      { name: "a.txt", data: "hello ".repeat(1000) },
      { name: "b.txt", data: "x".repeat(5000) },
    ]);
    writeFileSync(join(dir, "cut.zip"), zip.subarray(0, zip.length - 30));
    makeSevenZip({
      dest: join(dir, "parts.7z"),
      tree: { "big.txt": new TextDecoder().decode(textBytes(20_000)) },
      volumeSize: "4k",
      extra: ["-mx0"],
    });
    rmSync(join(dir, "parts.7z.003"));
    const messages: Record<string, string> = {};
    for (const target of ["garbage.zip", "fake.7z", "cut.zip", "parts.7z.001"]) {
      const t = await queued(ws, { Task: "unarchive", TargetPath: `/${target}`, Params: {} });
      const done = await waitStatus(ws, t.TaskID, [3, 4, 5]);
      expect(done.Status).toBe(5);
      messages[target] = done.Message;
    }
    expect(messages).toEqual({
      "garbage.zip": "hey man, are you sure this is an archive file?",
      "fake.7z": "hey man, are you sure this is an archive file?",
      "cut.zip": "7-Zip: Unexpected end of archive",
      "parts.7z.001": "7-Zip: Unexpected end of archive",
    });
    await ws.close();
  }, 60_000);
});
