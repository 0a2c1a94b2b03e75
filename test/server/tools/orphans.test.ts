import { describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { tmpdir } from "node:os";
import { UPLOAD_TEMP_PREFIX } from "../../../src/server/constants";
import { groupOfStat, killToolGroupsUsing } from "../../../src/server/tools/orphans";
import { TOOL_OUTPUT_DIR } from "../../../src/server/tools/tool-input";

describe("groupOfStat", () => {
  it("reads the process group after a command name holding spaces and parentheses", () => {
    expect(groupOfStat("4242 (my (odd) tool) S 1 4242 4242 0 -1 4194560")).toBe(4242);
    expect(groupOfStat("17 (sh) R 16 12 12 0")).toBe(12);
  });
});

/** Resolves once `proc` runs with `arg` in its command line (polled every 10 ms, up to 2 s). */
async function started(proc: { pid: number }, arg: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if (readFileSync(`/proc/${proc.pid}/cmdline`, "utf8").includes(arg)) return;
    } catch {
      // Not there yet.
    }
    await Bun.sleep(10);
  }
}

/**
 * Starts two stand-in tools, `sh -c 'sleep 30' sh <arg>` each in its own process group (an argument of the group
 * leader, as a tool's output is), then expects killToolGroupsUsing(`paths`) to kill the one with `targetArg` and only
 * it. Both are killed at the end whatever happened.
 */
async function expectKilledAlone(targetArg: string, bystanderArg: string, paths: string[]): Promise<void> {
  const target = Bun.spawn(["sh", "-c", "sleep 30", "sh", targetArg], { detached: true });
  const bystander = Bun.spawn(["sh", "-c", "sleep 30", "sh", bystanderArg], { detached: true });
  try {
    await started(target, targetArg);
    await started(bystander, bystanderArg);
    expect(killToolGroupsUsing(paths)).toBe(1);
    expect(await target.exited).not.toBe(0);
    expect(target.signalCode).toBe("SIGKILL");
    expect(bystander.exitCode).toBeNull();
  } finally {
    target.kill("SIGKILL");
    bystander.kill("SIGKILL");
  }
}

describe("killToolGroupsUsing", () => {
  it("kills a process group leader whose arguments name the path, and only it", async () => {
    const path = join(tmpdir(), `fbe-orphan-${process.pid}-${Date.now()}.tmp`);
    const other = join(tmpdir(), `fbe-other-${process.pid}-${Date.now()}.tmp`);
    await expectKilledAlone(path, other, [path]);
  });

  it("kills a leader that names a temp output by its name in the inherited output folder, not a same-named other", async () => {
    const folder = join(tmpdir(), `fbe-orphan-dir-${process.pid}-${Date.now()}`);
    const temp = join(folder, `${UPLOAD_TEMP_PREFIX}torrent-${process.pid}${Date.now()}`);
    const plain = join(folder, "movie.jpg");
    // How tasks hand outputs to tools: `/proc/self/fd/4/<name>` in the folder the tool inherited as descriptor 4. An
    // ordinary name is not unique to one run: a live tool writing another folder's movie.jpg is left alone.
    await expectKilledAlone(`-o${TOOL_OUTPUT_DIR}/${basename(temp)}`, `file:${TOOL_OUTPUT_DIR}/movie.jpg`, [
      temp,
      plain,
    ]);
  });
});
