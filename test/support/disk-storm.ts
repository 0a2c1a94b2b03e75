/**
 * @module Concurrent uploads onto a small tmpfs root: some fit, some hit the full disk. Each must answer 200 with
 * the whole file on disk or 507 with nothing; no temp file may stay. Deletes now and then free space, so a write
 * may store part of a buffer and then succeed again: the case where a short write once went unnoticed.
 */
import { expect } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { api, boot, smallDisk, sha, stop, tempFiles, type Running } from "./kill-points";

/** Runs `waves` waves of 4 concurrent uploads (100 KB-1.5 MB) onto a `size` tmpfs; returns the answers by status. Throws on a broken invariant. */
export async function uploadStorm(
  waves: number,
  size = "4m",
): Promise<{ home: string; statuses: Record<number, number> }> {
  const home = mkdtempSync(join(tmpdir(), "fbe-storm-"));
  const disk = smallDisk(join(home, "small"), size, {});
  let r: Running | null = null;
  const statuses: Record<number, number> = {};
  try {
    r = await boot(home, { root: disk.root, wrap: disk.wrap });
    const server = r;
    const root = disk.view(r);
    const kept = new Map<string, { hash: string; size: number }>();
    const one = async (i: number) => {
      const bytes = new Uint8Array(100 * 1024 + Math.floor(Math.random() * 1400 * 1024));
      for (let k = 0; k < bytes.length; k += 65536)
        crypto.getRandomValues(bytes.subarray(k, Math.min(bytes.length, k + 65536)));
      const res = await api(server, "POST", `/resources/f${i}.bin`, bytes);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      expect([200, 507]).toContain(res.status);
      if (res.status === 200) kept.set(`f${i}.bin`, { hash: sha(bytes), size: bytes.length });
      if (i % 5 === 4 && kept.size > 0) {
        const name = [...kept.keys()][0];
        // For good: a delete into the trash frees no space.
        expect((await api(server, "DELETE", `/resources/${name}?permanent=true`)).status).toBe(200);
        kept.delete(name);
      }
    };
    for (let wave = 0; wave < waves; wave++) await Promise.all([0, 1, 2, 3].map((k) => one(wave * 4 + k)));
    expect(tempFiles(root)).toEqual([]);
    expect(readdirSync(root).sort()).toEqual([...kept.keys()].sort());
    for (const [name, want] of kept) {
      const bytes = readFileSync(join(root, name));
      expect({ name, size: bytes.length, hash: sha(bytes) }).toEqual({ name, ...want });
    }
    return { home, statuses };
  } finally {
    if (r) await stop(r);
    disk.unmount();
  }
}
