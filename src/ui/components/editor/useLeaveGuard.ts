/**
 * @module Asks before in-app navigation leaves the editor with unsaved changes: the browser's back and forward
 * buttons and clicks on links (closing the tab or reloading is the store's beforeunload warning).
 */
import { useEffect } from "react";

/**
 * While mounted, a back/forward step or a same-site link click is held when `isDirty()` answers true, and goes
 * through only once `confirm()` resolves true (it is expected to clear the dirty state then).
 */
export function useLeaveGuard(isDirty: () => boolean, confirm: () => Promise<boolean>): void {
  useEffect(() => {
    const here = () => window.location.href;
    let current = here();
    const onPopState = (e: PopStateEvent) => {
      if (!isDirty()) return void (current = here());
      // Capture listeners on window run before the router's: it never sees this step.
      e.stopImmediatePropagation();
      window.history.pushState(null, "", current);
      void confirm().then((leave) => leave && window.history.back());
    };
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || !isDirty() || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      if (link.target === "_blank" || link.hasAttribute("download") || link.origin !== window.location.origin) return;
      e.preventDefault();
      e.stopPropagation();
      void confirm().then((leave) => leave && link.click());
    };
    const onPush = () => (current = here());
    window.addEventListener("popstate", onPopState, true);
    document.addEventListener("click", onClick, true);
    window.addEventListener("pushState", onPush);
    window.addEventListener("replaceState", onPush);
    return () => {
      window.removeEventListener("popstate", onPopState, true);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("pushState", onPush);
      window.removeEventListener("replaceState", onPush);
    };
  }, [isDirty, confirm]);
}
