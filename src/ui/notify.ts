/** @module Timed popups (SPEC §8, §9): success 1000 ms, errors 3000 ms. */
import { toast } from "sonner";
import { ERROR_POPUP_MS, SUCCESS_POPUP_MS } from "./constants";

/** Shows a short success popup. */
export function notifySuccess(message: string): void {
  toast.success(message, { duration: SUCCESS_POPUP_MS });
}

/** Shows an error popup with a close button. */
export function notifyError(message: string): void {
  toast.error(message, { duration: ERROR_POPUP_MS, closeButton: true });
}
