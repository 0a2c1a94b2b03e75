import { beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import { call } from "../support/factories";
import { makeTree } from "../support/tree";

// A PATH without any media tool: the server itself runs from an absolute path and needs none.
const ctx = serverPerFile({ env: { PATH: "/nonexistent" } });

beforeAll(() => makeTree(ctx.server.root, { "a.mp3": "not really audio", "b.mkv": "not really video", "c.zip": "PK" }));

async function answer(query: string): Promise<[number, string]> {
  const res = await call(ctx.server, ctx.admin, "GET", `/resources/${query}`);
  return [res.status, await res.text()];
}

describe("metadata queries when the media tools are not installed", () => {
  it("name the missing tool", async () => {
    expect(await answer("a.mp3?mediaInfo=yes")).toEqual([
      503,
      "503 Service Unavailable (mediainfo is not installed on the server)",
    ]);
    expect(await answer("b.mkv?probe=yes")).toEqual([
      503,
      "503 Service Unavailable (ffprobe is not installed on the server)",
    ]);
    expect(await answer("c.zip?probe=yes")).toEqual([
      503,
      "503 Service Unavailable (7-Zip (7zz, 7z, 7za) is not installed on the server)",
    ]);
  });
});
