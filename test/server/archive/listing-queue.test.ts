import { describe, expect, it } from "bun:test";
import { listOneAtATime } from "../../../src/server/archive/listing-queue";
import { ToolAborted } from "../../../src/server/tools/run-tool";

/** A run that resolves with `value` when `release` is called, counting starts and noting its signal. */
function gate<T>(value: T) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  const run = { starts: 0, signal: null as AbortSignal | null, release };
  const start = async (signal: AbortSignal) => {
    run.starts++;
    run.signal = signal;
    await done;
    return value;
  };
  return { run, start };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("one archive listing at a time", () => {
  it("shares one run between requests for the same archive and page", async () => {
    const g = gate("page");
    const a = listOneAtATime("1:10", "0:10", new AbortController().signal, g.start);
    const b = listOneAtATime("1:10", "0:10", new AbortController().signal, g.start);
    await tick();
    g.run.release();
    expect(await Promise.all([a, b])).toEqual(["page", "page"]);
    expect(g.run.starts).toBe(1);
  });

  it("starts another page of the same archive only after the run before it ended, other archives at once", async () => {
    const first = gate("first");
    const second = gate("second");
    const other = gate("other");
    const a = listOneAtATime("1:11", "0:10", new AbortController().signal, first.start);
    const b = listOneAtATime("1:11", "10:10", new AbortController().signal, second.start);
    const c = listOneAtATime("1:12", "0:10", new AbortController().signal, other.start);
    await tick();
    expect([first.run.starts, second.run.starts, other.run.starts]).toEqual([1, 0, 1]);
    first.run.release();
    expect(await a).toBe("first");
    await tick();
    expect(second.run.starts).toBe(1);
    second.run.release();
    other.run.release();
    expect(await Promise.all([b, c])).toEqual(["second", "other"]);
  });

  it("stops a run once every request waiting for it has gone, and a later request starts a new one", async () => {
    const g = gate("late");
    const one = new AbortController();
    const two = new AbortController();
    const a = listOneAtATime("1:13", "0:10", one.signal, g.start);
    const b = listOneAtATime("1:13", "0:10", two.signal, g.start);
    await tick();
    one.abort();
    await expect(a).rejects.toBeInstanceOf(ToolAborted);
    expect(g.run.signal!.aborted).toBe(false);
    two.abort();
    await expect(b).rejects.toBeInstanceOf(ToolAborted);
    expect(g.run.signal!.aborted).toBe(true);
    const fresh = gate("fresh");
    const c = listOneAtATime("1:13", "0:10", new AbortController().signal, fresh.start);
    g.run.release();
    await tick();
    fresh.run.release();
    expect(await c).toBe("fresh");
    expect(fresh.run.starts).toBe(1);
  });
});
