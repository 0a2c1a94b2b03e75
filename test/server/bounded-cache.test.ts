import { describe, expect, it } from "bun:test";
import { BoundedCache } from "../../src/server/bounded-cache";

describe("BoundedCache", () => {
  it("keeps at most max entries, forgetting the least recently set one first", () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set("a", 1).set("b", 2).set("c", 3);
    expect(cache.size).toBe(2);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
  });

  it("counts a get as a use: the entry read last is kept over older ones", () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set("a", 1).set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([1, undefined, 3]);
  });

  it("does not count a peek as a use", () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set("a", 1).set("b", 2);
    expect(cache.peek("a")).toBe(1);
    cache.set("c", 3);
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c")]).toEqual([undefined, 2, 3]);
  });

  it("replaces the value of a key set again without dropping another entry", () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set("a", 1).set("b", 2).set("a", 10);
    expect(cache.size).toBe(2);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([10, undefined, 3]);
  });

  it("keeps falsy values and tells them from absent keys", () => {
    const cache = new BoundedCache<string, boolean | number>(3);
    cache.set("f", false).set("z", 0);
    expect([cache.get("f"), cache.get("z"), cache.get("x")]).toEqual([false, 0, undefined]);
  });

  it("forgets a key on delete", () => {
    const cache = new BoundedCache<string, number>(3);
    cache.set("a", 1).set("b", 2).set("c", 3);
    expect(cache.delete("b")).toBe(true);
    expect(cache.delete("b")).toBe(false);
    expect([cache.size, cache.get("b"), cache.get("a")]).toEqual([2, undefined, 1]);
  });

  it("iterates its entries least recently used first, without counting that as a use", () => {
    const cache = new BoundedCache<string, number>(3);
    cache.set("a", 1).set("b", 2).set("c", 3);
    cache.get("a");
    expect([...cache]).toEqual([
      ["b", 2],
      ["c", 3],
      ["a", 1],
    ]);
    expect([...cache]).toEqual([
      ["b", 2],
      ["c", 3],
      ["a", 1],
    ]);
  });

  it("refuses a bound below 1 or not a whole number", () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
    expect(() => new BoundedCache(1.5)).toThrow(RangeError);
  });
});
