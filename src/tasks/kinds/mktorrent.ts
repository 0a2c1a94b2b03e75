/** @module Placeholder of the mktorrent kind, replaced by its implementation. */
import { TaskInputError, type TaskKind } from "../types";

/** The mktorrent kind. */
export const mktorrentKind: TaskKind = {
  type: "mktorrent",
  tools: [],
  parseParams: (raw) => (raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {}),
  checkTarget: () => {},
  run: async () => {
    throw new TaskInputError("mktorrent is not available yet");
  },
};
