/**
 * @module Per-user counts of the command runner (docs/security.md "Command runner limits"): open connections and
 * running commands, each held under the global setting commandSessionsPerUser, so one account cannot start
 * hundreds of processes that starve the server (200 connections running `ls -R` made /health take 9 s).
 */
import type { Database } from "bun:sqlite";

/** Close code of a command connection past the user's limit (RFC 6455 leaves 4000-4999 to applications). */
export const COMMAND_LIMIT_CLOSE_CODE = 4029;

/** Open connections and running commands of each user on one server. */
export class CommandSlots {
  private readonly open = new Map<number, number>();
  private readonly running = new Map<number, number>();

  /** Takes a connection slot for `userId` unless `limit` are open; true when taken (give it back with releaseConnection). */
  takeConnection(userId: number, limit: number): boolean {
    return take(this.open, userId, limit);
  }

  /** Gives back a connection slot taken by takeConnection. */
  releaseConnection(userId: number): void {
    release(this.open, userId);
  }

  /**
   * Takes a command slot for `userId` unless `limit` commands run (a command of a closed connection counts until
   * its process group is gone); true when taken (give it back with releaseCommand).
   */
  takeCommand(userId: number, limit: number): boolean {
    return take(this.running, userId, limit);
  }

  /** Gives back a command slot taken by takeCommand. */
  releaseCommand(userId: number): void {
    release(this.running, userId);
  }
}

const byStore = new WeakMap<Database, CommandSlots>();

/** The slots of the server that uses the store `db` (one per server process). */
export function commandSlotsOf(db: Database): CommandSlots {
  let slots = byStore.get(db);
  if (!slots) byStore.set(db, (slots = new CommandSlots()));
  return slots;
}

function take(counts: Map<number, number>, userId: number, limit: number): boolean {
  const n = counts.get(userId) ?? 0;
  if (n >= limit) return false;
  counts.set(userId, n + 1);
  return true;
}

function release(counts: Map<number, number>, userId: number): void {
  const n = (counts.get(userId) ?? 0) - 1;
  if (n > 0) counts.set(userId, n);
  else counts.delete(userId);
}
