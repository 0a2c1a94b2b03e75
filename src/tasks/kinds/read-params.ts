/**
 * @module Reading a kind's Params from the client's JSON: a missing param takes its default, a wrong-typed or
 * out-of-range one is refused with a short TaskInputError message (SPEC section 4 Task connection).
 */
import { TaskInputError } from "../types";

/** The client's Params as an object; anything else (array, string, null) is refused. */
export function paramsObject(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new TaskInputError("Params must be an object");
  return raw as Record<string, unknown>;
}

/** A boolean param, or `fallback` when absent. @throws TaskInputError when it is not a boolean. */
export function readBool(p: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const v = p[key];
  if (v === undefined) return fallback;
  if (typeof v !== "boolean") throw new TaskInputError(`${key} must be true or false`);
  return v;
}

/** A string param, trimmed, or `fallback` when absent. @throws TaskInputError when it is not a string. */
export function readString(p: Record<string, unknown>, key: string, fallback: string): string {
  const v = p[key];
  if (v === undefined) return fallback;
  if (typeof v !== "string") throw new TaskInputError(`${key} must be a string`);
  return v.trim();
}

/** A whole number param within [min, max], or `fallback` when absent. @throws TaskInputError otherwise. */
export function readInt(p: Record<string, unknown>, key: string, fallback: number, min: number, max: number): number {
  const v = p[key];
  if (v === undefined) return fallback;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw new TaskInputError(`${key} must be a whole number from ${min} to ${max}`);
  }
  return v;
}

/** One of `choices`, or `fallback` when absent. @throws TaskInputError otherwise. */
export function readChoice<T extends string>(p: Record<string, unknown>, key: string, fallback: T, choices: readonly T[]): T {
  const v = p[key];
  if (v === undefined) return fallback;
  if (typeof v !== "string" || !choices.includes(v as T)) throw new TaskInputError(`${key} must be one of ${choices.join(", ")}`);
  return v as T;
}
