/**
 * @module The 403 detail of a move, delete, recursive mode change or replacement (copy or move with override) of a
 * folder holding items the user's rules hide (server fs/hidden-below.ts); the UI tells the user why in their language from the action it names.
 */

/** The actions refused on such a folder, as the detail names them. */
export const HIDDEN_BELOW_ACTIONS = ["move", "delete", "change the mode of", "replace"] as const;
export type HiddenBelowAction = (typeof HIDDEN_BELOW_ACTIONS)[number];

/** The detail of the refusal of `action`: "cannot move a folder holding items the rules hide". */
export function hiddenBelowDetail(action: HiddenBelowAction): string {
  return `cannot ${action} a folder holding items the rules hide`;
}

/** The action a refusal's `detail` names, or null when the detail is another one. */
export function hiddenBelowAction(detail: string): HiddenBelowAction | null {
  return HIDDEN_BELOW_ACTIONS.find((a) => detail === hiddenBelowDetail(a)) ?? null;
}
