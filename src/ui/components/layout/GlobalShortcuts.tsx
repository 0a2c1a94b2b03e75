/**
 * @module Keys that work on every screen of the app frame (docs/product.md "Files view"): F1 help, F4 or t the task
 * panel, Esc or q close it.
 */
import { useShortcuts } from "../../keyboard/useShortcuts";
import { useAuth } from "../../stores/auth";
import { showPrompt, toggleTaskPanel, useLayout } from "../../stores/layout";

/** Registers the app-wide keys while mounted; renders nothing. */
export function GlobalShortcuts() {
  const { user } = useAuth();
  const { prompt } = useLayout();
  useShortcuts(
    {
      view: "other",
      promptOpen: prompt !== null,
      selectedCount: 0,
      canDelete: false,
      canExecute: Boolean(user && (user.perm.admin || user.perm.execute)),
    },
    {
      help: () => showPrompt({ kind: "help" }),
      toggleTaskPanel: () => toggleTaskPanel(),
      closeTaskPanel: () => toggleTaskPanel(false),
    },
  );
  return null;
}
