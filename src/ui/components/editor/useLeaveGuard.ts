/**
 * @module Asks before in-app navigation leaves the editor with unsaved changes: the browser's back button and
 * clicks on links (closing the tab or reloading is the store's beforeunload warning).
 */
import { useEffect } from "react";

/** Marks the extra history entry that holds the editor's place while it has unsaved changes. */
const TRAP = "fbeEditorUnsaved";

const onTrap = () => (window.history.state as Record<string, unknown> | null)?.[TRAP] === true;

/**
 * While `dirty`, a copy of the current history entry is pushed, so Back first lands on the same address (the
 * router sees no change) and the question can be asked: `confirm()` true goes back for real, false restores
 * the copy. Same-site link clicks wait for `confirm()` as well. `isDirty` reads the state at event time.
 * Answers what to call after a save, which drops the copy again once nothing is unsaved.
 */
export function useLeaveGuard(dirty: boolean, isDirty: () => boolean, confirm: () => Promise<boolean>): () => void {
  useEffect(() => {
    if (dirty && !onTrap()) window.history.pushState({ [TRAP]: true }, "", window.location.href);
  }, [dirty]);

  useEffect(() => {
    const onPopState = () => {
      if (!isDirty() || onTrap()) return;
      void confirm().then((leave) => {
        if (leave) window.history.back();
        else window.history.pushState({ [TRAP]: true }, "", window.location.href);
      });
    };
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || !isDirty() || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      if (link.target === "_blank" || link.hasAttribute("download") || link.origin !== window.location.origin) return;
      e.preventDefault();
      e.stopPropagation();
      void confirm().then((leave) => leave && link.click());
    };
    window.addEventListener("popstate", onPopState);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("popstate", onPopState);
      document.removeEventListener("click", onClick, true);
    };
  }, [isDirty, confirm]);

  return () => {
    if (!isDirty() && onTrap()) window.history.back();
  };
}
