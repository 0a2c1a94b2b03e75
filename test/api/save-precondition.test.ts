import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTree } from "../support/tree";
import { call } from "../support/factories";

const ctx = serverInProcess();

beforeAll(async () => {
  makeTree(ctx.server.root, { "draft.txt": "first", "other.txt": "other" });
});

const modifiedOf = async (path: string): Promise<string> =>
  ((await (await call(ctx.server, ctx.admin, "GET", `/resources${path}`)).json()) as { modified: string }).modified;
const save = (path: string, body: string, modified?: string) =>
  call(
    ctx.server,
    ctx.admin,
    "PUT",
    `/resources${path}`,
    body,
    modified === undefined ? {} : { "X-If-Modified-At": modified },
  );

describe("PUT /api/resources with X-If-Modified-At (the editor's save)", () => {
  it("saves while the file is as it was loaded, and answers its new modified time for the next save", async () => {
    const loaded = await modifiedOf("/draft.txt");
    const first = await save("/draft.txt", "second", loaded);
    expect(first.status).toBe(200);
    const next = first.headers.get("X-Modified-At")!;
    expect(next).toBe(await modifiedOf("/draft.txt"));
    expect((await save("/draft.txt", "third", next)).status).toBe(200);
    expect(readFileSync(join(ctx.server.root, "draft.txt"), "utf8")).toBe("third");
  });

  it("answers 412 and keeps the file when it changed on disk since it was loaded", async () => {
    const loaded = await modifiedOf("/other.txt");
    writeFileSync(join(ctx.server.root, "other.txt"), "changed elsewhere");
    // Even a change within the same second is seen: the precondition has millisecond precision.
    const t = new Date(Date.parse(loaded) + 7);
    utimesSync(join(ctx.server.root, "other.txt"), t, t);
    const res = await save("/other.txt", "mine", loaded);
    expect(res.status).toBe(412);
    expect(await res.text()).toBe("412 Precondition Failed (the file changed on disk since it was opened)");
    expect(readFileSync(join(ctx.server.root, "other.txt"), "utf8")).toBe("changed elsewhere");
  });

  it("saves without the header (the user chose to overwrite), and refuses a header that is not a date", async () => {
    expect((await save("/other.txt", "mine")).status).toBe(200);
    expect(readFileSync(join(ctx.server.root, "other.txt"), "utf8")).toBe("mine");
    expect((await save("/other.txt", "x", "yesterday")).status).toBe(400);
  });
});
