/**
 * @module Timed popups (docs/product.md "Success messages", "Timings"): success 1000 ms, errors 3000 ms, and a popup
 * with one action button (the Undo of docs/product.md "Trash") for as long as its caller says. The popup
 * library (sonner) loads with the first popup, so a page that shows none never downloads it; App mounts its Toaster
 * from that moment on.
 */
import { useSyncExternalStore } from "react";

/** Success popups stay this long (docs/product.md "Timings"). */
const SUCCESS_POPUP_MS = 1000;
/** Error popups stay this long (docs/product.md "Timings"). */
const ERROR_POPUP_MS = 3000;

let library: Promise<typeof import("sonner")> | null = null;
const listeners = new Set<() => void>();

/** Starts loading sonner once and tells the app to mount its Toaster (sonner replays toasts made before that). */
function loadToasts(): Promise<typeof import("sonner")> {
  if (!library) {
    library = import("sonner");
    for (const listener of listeners) listener();
  }
  return library;
}

/** True once a popup was asked for: from then on the app renders the Toaster. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => library !== null,
  );
}

/** Shows a short success popup. */
export function notifySuccess(message: string): void {
  void loadToasts().then(({ toast }) => toast.success(message, { duration: SUCCESS_POPUP_MS }));
}

/** Shows an error popup with a close button. */
export function notifyError(message: string): void {
  void loadToasts().then(({ toast }) => toast.error(message, { duration: ERROR_POPUP_MS, closeButton: true }));
}

/** The one button a popup can offer (Undo): its label and what a click does; the click also closes the popup. */
export interface PopupAction {
  label: string;
  onClick: () => void;
}

/** Shows a success popup with an action button that stays `durationMs` (sonner pauses it while hovered). */
export function notifyWithAction(message: string, action: PopupAction, durationMs: number): void {
  void loadToasts().then(({ toast }) =>
    toast.success(message, {
      duration: durationMs,
      action: { label: action.label, onClick: action.onClick },
      classNames: { actionButton: "popup-action" },
    }),
  );
}
