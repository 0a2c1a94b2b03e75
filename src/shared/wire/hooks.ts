/**
 * @module Event hooks of the global settings' `commands`: the operations that run `before_{action}` and
 * `after_{action}` command lines, which the server runs and the settings page lists.
 */

/** The operations that have hooks, in the order the settings page shows them; `rename` also covers move. */
export const HOOK_ACTIONS = ["copy", "rename", "upload", "delete", "save"] as const;
export type HookAction = (typeof HOOK_ACTIONS)[number];
