/**
 * @module Who a request acts for, carried along its asynchronous calls (AsyncLocalStorage), so that deep writes (a
 * version kept before a save replaces a file) can name the user without every signature passing them.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The user a request acts for. */
export interface Actor {
  userId: number;
  username: string;
}

const actors = new AsyncLocalStorage<Actor>();

/** Runs `fn` (and everything it awaits or schedules) as `actor`; returns what `fn` returns. */
export function runAs<T>(actor: Actor, fn: () => T): T {
  return actors.run(actor, fn);
}

/** The actor of the running request, or undefined outside one (tasks, timers, start-up). */
export function currentActor(): Actor | undefined {
  return actors.getStore();
}
