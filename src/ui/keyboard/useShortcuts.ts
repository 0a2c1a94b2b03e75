/** @module The single keyboard dispatcher: window keydown -> the shortcut table -> the screen's handlers. */
import { useEffect, useRef } from "react";
import { isTaskPanelOpen } from "../stores/layout";
import { matchShortcut, type ShortcutAction, type ShortcutContext } from "./shortcuts";

/** Whether focus is in something that takes typing. */
export function focusInInput(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName);
}

/** Whether the key belongs to the focused control itself (Enter or Space on a button or link activates it). */
export function keyOwnedByControl(key: string, target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName || (key !== "Enter" && key !== " ")) return false;
  return ["BUTTON", "A", "SUMMARY"].includes(el.tagName) || el.getAttribute("role") === "button";
}

/** Keys a focused native media player uses itself: seeking, volume and play/pause on its controls. */
const MEDIA_CONTROL_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", " ", "Home", "End"]);

/** Whether the key belongs to a focused `<audio>` or `<video>` with controls (its slider and buttons). */
export function keyOwnedByMedia(key: string, target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(
    el?.tagName &&
      ["AUDIO", "VIDEO"].includes(el.tagName) &&
      el.hasAttribute("controls") &&
      MEDIA_CONTROL_KEYS.has(key),
  );
}

/**
 * Listens for shortcut keys while mounted. `context` describes the screen (minus focus, which is read
 * from the event); `handlers` gives what each action does here. Matched keys have their default prevented; a
 * match this screen has no handler for is left to the next listener (the app-wide one closes the task panel).
 */
export function useShortcuts(
  context: Omit<ShortcutContext, "inInput">,
  handlers: Partial<Record<ShortcutAction, () => void>>,
): void {
  const latest = useRef({ context, handlers });
  latest.current = { context, handlers };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || keyOwnedByControl(e.key, e.target) || keyOwnedByMedia(e.key, e.target)) return;
      const { context: ctx, handlers: hs } = latest.current;
      // The task panel floats over every screen: its Esc and q come first wherever this listener sits.
      const action = matchShortcut(e, { ...ctx, inInput: focusInInput(e.target), taskPanelOpen: isTaskPanelOpen() });
      const run = action ? hs[action] : undefined;
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
