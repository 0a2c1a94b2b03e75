/** @module A param that takes one of a fixed list of words (image and subtitle formats), beside tasks/params.ts. */
import { TaskInputError } from "../types";

/** One of `choices`; `def` when absent. @throws TaskInputError when it is anything else. */
export function choiceParam<T extends string>(p: Record<string, unknown>, key: string, def: T, choices: readonly T[]): T {
  const v = p[key];
  if (v === undefined || v === null) return def;
  if (typeof v !== "string" || !choices.includes(v as T)) throw new TaskInputError(`${key} must be one of ${choices.join(", ")}`);
  return v as T;
}
