import { describe, expect, it } from "bun:test";
import { limiter } from "../../src/server/limiter";
import { hashPassword, verifyPassword } from "../../src/server/auth/password";

/** A promise with its resolve and reject at hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("limiter", () => {
  it("runs at most max tasks at once, starts the waiting ones in order, and frees the slot of a failed task", async () => {
    const limit = limiter(2);
    const gates = Array.from({ length: 6 }, () => deferred<number>());
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((g, i) =>
      limit(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        try {
          return await g.promise;
        } finally {
          running--;
        }
      }).catch((e: Error) => e.message),
    );
    await Bun.sleep(5);
    expect(started).toEqual([0, 1]);
    gates[1].reject(new Error("task 1 failed"));
    await Bun.sleep(5);
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve(0);
    gates[2].resolve(2);
    await Bun.sleep(5);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates[3].resolve(3);
    gates[4].resolve(4);
    gates[5].resolve(5);
    expect(await Promise.all(results)).toEqual([0, "task 1 failed", 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(running).toBe(0);
  });

  it("keeps every password check right when many run through the limit at once", async () => {
    const hash = await hashPassword("right one");
    const checks = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verifyPassword(i % 2 ? "right one" : "wrong one", hash)),
    );
    expect(checks).toEqual(Array.from({ length: 10 }, (_, i) => i % 2 === 1));
  });
});
