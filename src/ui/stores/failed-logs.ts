/**
 * @module Failed logs store (docs/product.md "Failed logins"): the list and removing one record (which unbans its IP).
 */
import { proxy, useSnapshot } from "valtio";
import i18next from "i18next";
import { fetchFailedLogs, removeFailedLog, type FailedLog } from "../api/logs";
import { notifyError, notifySuccess } from "../notify";
import { errorMessage } from "../api/errors";

const state = proxy<{ logs: FailedLog[] | null; failed: boolean }>({ logs: null, failed: false });

/** Snapshot of the failed logs screen. */
export function useFailedLogs() {
  return useSnapshot(state);
}

/** Loads the failed logins. */
export async function loadFailedLogs(): Promise<void> {
  state.failed = false;
  try {
    state.logs = await fetchFailedLogs();
  } catch (err) {
    state.failed = true;
    notifyError(errorMessage(err));
  }
}

/** Removes the record of an IP ('failed log for {ip} has been removed') and drops it from the list. */
export async function removeLog(ip: string): Promise<void> {
  try {
    await removeFailedLog(ip);
    notifySuccess(i18next.t("settings.logs.removed", { ip }));
    if (state.logs) state.logs = state.logs.filter((l) => l.ip !== ip);
  } catch (err) {
    notifyError(errorMessage(err));
  }
}
