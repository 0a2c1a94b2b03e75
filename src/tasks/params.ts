/**
 * @module Reading a kind's Params from a client message (each kind's parseParams): a missing param
 * takes its default, a present one must have the right type and range, otherwise a TaskInputError names it.
 */
import { TaskInputError } from "./types";

/** Longest text param accepted (a path, a comment, a URL): a sanity bound. */
export const PARAM_TEXT_MAX = 4096;

/** The Params object of a message, or {} when it is absent. @throws TaskInputError when it is not an object. */
export function paramsObject(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new TaskInputError("Params must be an object");
  return raw as Record<string, unknown>;
}

/** A string param, trimmed; `def` when absent. @throws TaskInputError when not a string or too long. */
export function stringParam(p: Record<string, unknown>, key: string, def: string): string {
  const v = p[key];
  if (v === undefined || v === null) return def;
  if (typeof v !== "string") throw new TaskInputError(`${key} must be a string`);
  if (v.length > PARAM_TEXT_MAX) throw new TaskInputError(`${key} is too long`);
  return v.trim();
}

/** A boolean param; `def` when absent. @throws TaskInputError when not a boolean. */
export function boolParam(p: Record<string, unknown>, key: string, def: boolean): boolean {
  const v = p[key];
  if (v === undefined || v === null) return def;
  if (typeof v !== "boolean") throw new TaskInputError(`${key} must be true or false`);
  return v;
}

/** An integer param within [min, max]; `def` when absent. @throws TaskInputError otherwise. */
export function intParam(p: Record<string, unknown>, key: string, def: number, min: number, max: number): number {
  const v = p[key];
  if (v === undefined || v === null) return def;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw new TaskInputError(`${key} must be an integer from ${min} to ${max}`);
  }
  return v;
}

/** One of `choices`; `def` when absent. @throws TaskInputError when it is anything else. */
export function choiceParam<T extends string>(
  p: Record<string, unknown>,
  key: string,
  def: T,
  choices: readonly T[],
): T {
  const v = p[key];
  if (v === undefined || v === null) return def;
  if (typeof v !== "string" || !choices.includes(v as T))
    throw new TaskInputError(`${key} must be one of ${choices.join(", ")}`);
  return v as T;
}
