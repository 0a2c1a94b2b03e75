/** @module Placeholder of the extract_sub kind, replaced by its implementation. */
import { TaskInputError, type TaskKind } from "../types";

/** The extract_sub kind. */
export const extractSubKind: TaskKind = {
  type: "extract_sub",
  tools: [],
  parseParams: (raw) => (raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {}),
  checkTarget: () => {},
  run: async () => {
    throw new TaskInputError("extract_sub is not available yet");
  },
};
