/** @module Placeholder of the mkthumb kind, replaced by its implementation. */
import { TaskInputError, type TaskKind } from "../types";

/** The mkthumb kind. */
export const mkthumbKind: TaskKind = {
  type: "mkthumb",
  tools: [],
  parseParams: (raw) => (raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {}),
  checkTarget: () => {},
  run: async () => {
    throw new TaskInputError("mkthumb is not available yet");
  },
};
