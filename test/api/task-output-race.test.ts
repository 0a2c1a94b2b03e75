/**
 * Task outputs while their folder is swapped for a symlink out of the scope (docs/security.md "Paths and races"):
 * mkthumb, extract_sub, mktorrent and unarchive run again and again on files of `/a` while another process exchanges
 * `/a` with a link to a folder outside the scope (renameat2 RENAME_EXCHANGE, the scope race's swapper). Whatever
 * each task ends with, nothing may be created in, renamed into or removed from the outside folder.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { spawn } from "node:child_process";
import { copyFileSync, readdirSync, rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serverInProcess } from "../support/server-per-file";
import { makeUser } from "../support/factories";
import { isTask, openTaskSocket, type TaskSocket } from "../support/task-socket";
import { submit, waitStatus } from "../support/task-helpers";
import { makeMp4WithMovText, requireMediaTools } from "../support/media";
import { SEVERAL, makeSevenZip, sevenZip } from "../support/archives";
import { SWAPPER, raceWorld } from "../support/scope-race";

const BUN = fileURLToPath(new URL("../../node_modules/.bin/bun", import.meta.url));
const ctx = serverInProcess();
let fixtures: string;

beforeAll(async () => {
  requireMediaTools();
  sevenZip();
  fixtures = mkdtempSync(join(tmpdir(), "fbe-task-race-"));
  await makeMp4WithMovText(fixtures, "clip.mp4");
});
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

/** Every name under `dir`, sorted, for comparing a tree before and after. */
const treeOf = (dir: string): string[] => (readdirSync(dir, { recursive: true }) as string[]).sort();

/** The four kinds on files of `/a`, each replacing what an earlier round wrote. */
const REQUESTS = [
  { Task: "mkthumb", TargetPath: "/a/clip.mp4", Params: { width: 64, numcaps: 2, columns: 2, overwrite: true } },
  { Task: "extract_sub", TargetPath: "/a/clip.mp4", Params: { subFormat: "vtt", overwrite: true } },
  { Task: "mktorrent", TargetPath: "/a/f.txt", Params: {} },
  {
    Task: "unarchive",
    TargetPath: "/a/several.7z",
    Params: { archiveOutput: ".", archiveOneTopLevel: false, archiveOverwrite: true },
  },
];

/**
 * Submits the requests one after the other (each answer is told from the next by its order), then waits for every
 * queued task to end. Resolves with how each ended: "refused", or the final status (4 done, 5 failed), and message.
 */
async function runRound(ws: TaskSocket): Promise<{ status: number | "refused"; message: string }[]> {
  const firsts = [];
  for (const req of REQUESTS) firsts.push(await submit(ws, req));
  return Promise.all(
    firsts.map(async (first) => {
      if (!isTask(first)) return { status: "refused" as const, message: first.error };
      const end = await waitStatus(ws, first.TaskID, [3, 4, 5], 60_000);
      return { status: end.Status, message: end.Message };
    }),
  );
}

describe("task outputs while their folder is swapped for a link out of the scope", () => {
  it("never creates, renames or removes a thumbnail, subtitle, torrent or extracted entry outside the scope", async () => {
    const scope = raceWorld(ctx.server);
    copyFileSync(join(fixtures, "clip.mp4"), join(scope, "a", "clip.mp4"));
    makeSevenZip({ dest: join(scope, "a", "several.7z"), tree: SEVERAL });
    const outside = join(ctx.server.root, "outside");
    const before = treeOf(outside);
    const user = await makeUser(ctx.server, ctx.admin, {
      scope: "/bob",
      perm: { execute: true, create: true, rename: true, modify: true, delete: true, download: true },
    });
    const ws = await openTaskSocket(ctx.server, user.token);
    const until = Date.now() + 6_000;
    const swapper = spawn(BUN, ["-e", SWAPPER, scope, String(until)], { stdio: ["ignore", "pipe", "inherit"] });
    let swaps = "";
    swapper.stdout!.on("data", (d) => (swaps += d));
    const exited = new Promise((r) => swapper.once("exit", r));
    const ends: Record<string, number> = {};
    const messages = new Set<string>();
    while (Date.now() < until) {
      const round = await runRound(ws);
      round.forEach((r, i) => {
        const key = `${REQUESTS[i]!.Task} ${r.status}`;
        ends[key] = (ends[key] ?? 0) + 1;
        if (r.status !== 4) messages.add(r.message);
      });
    }
    await exited;
    await ws.close();
    console.log(
      `task output race: ${swaps.trim()} swaps, ends ${JSON.stringify(ends)}, messages ${JSON.stringify([...messages])}`,
    );
    expect(Number(swaps.trim())).toBeGreaterThan(100);
    // Some tasks got through to their outputs, so the writes were raced, not only the checks.
    expect(Object.entries(ends).filter(([k]) => k.endsWith(" 4")).length).toBeGreaterThan(0);
    // No failure names a path of the server or carries a stack.
    for (const m of messages) expect(m.includes(ctx.server.root) || /\n\s+at /.test(m)).toBe(false);
    expect(treeOf(outside)).toEqual(before);
  }, 60_000);
});
