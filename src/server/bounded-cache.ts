/** @module A map of at most `max` entries that forgets the least recently used one when a new key comes in (LRU). */

/**
 * A bounded in-memory cache: `get` and `set` make a key the most recently used one, and a `set` of a new key past
 * `max` entries drops the least recently used. A Map keeps its keys in insertion order, so the least recently used
 * key is the first one, and a key used again is deleted and set anew to move it last.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  /** `max`: how many entries are kept at most (a whole number, 1 or more). */
  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`a bounded cache keeps at least 1 entry, not ${max}`);
  }

  /** The number of entries kept now (at most `max`). */
  get size(): number {
    return this.entries.size;
  }

  /** The value of `key`, now the most recently used entry; undefined when absent. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The value of `key` without making it more recently used; undefined when absent. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` as the most recently used entry of `key`, dropping the least recently used one past `max`. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  /** Forgets `key`; true when it was kept. */
  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  /** The entries as [key, value], least recently used first; iterating counts as no use. */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries.entries();
  }
}
