/** @module Placeholder of the unarchive kind, replaced by its implementation. */
import { TaskInputError, type TaskKind } from "../types";

/** The unarchive kind. */
export const unarchiveKind: TaskKind = {
  type: "unarchive",
  tools: [],
  parseParams: (raw) => (raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {}),
  checkTarget: () => {},
  run: async () => {
    throw new TaskInputError("unarchive is not available yet");
  },
};
