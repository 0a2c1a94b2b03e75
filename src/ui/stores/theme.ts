/**
 * @module Colour theme store: the light / dark / system choice applied as `data-theme` on <html>, following the
 * device's prefers-color-scheme live while "system", kept on this device and saved to the user's profile.
 */
import { proxy, useSnapshot } from "valtio";
import type { Theme } from "../../shared/wire/user";
import { saveProfileField } from "./profile-field";
import { isTheme, resolveTheme, themeOrDefault, type ResolvedTheme } from "./theme-rules";

/** Where the theme last chosen on this device is kept, so the login page shows it before anyone logs in. */
const THEME_STORAGE_KEY = "fbe-theme";

interface ThemeState {
  choice: Theme;
  resolved: ResolvedTheme;
}

const state = proxy<ThemeState>({ choice: "system", resolved: "light" });
let following = false;
/** The profile saves of theme choices, one after the other so the server keeps the last choice. */
let saves: Promise<void> = Promise.resolve();
/** Choices made on this page whose save has not ended: the token's theme is older than them until then. */
let pendingSaves = 0;

/** Snapshot of the theme: the choice and the palette it gives now. */
export function useTheme() {
  return useSnapshot(state);
}

function darkQuery(): MediaQueryList | null {
  return typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
}

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(choice: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private mode: the theme still applies to this page.
  }
}

function apply(choice: Theme): void {
  state.choice = choice;
  state.resolved = resolveTheme(choice, darkQuery()?.matches ?? false);
  document.documentElement.dataset.theme = state.resolved;
}

/**
 * Start-up, before the first render: applies the choice last made on this device (or "system"), and from then on
 * follows the device's light/dark changes while the choice is "system".
 */
export function initTheme(): void {
  apply(themeOrDefault(storedTheme()));
  if (following) return;
  following = true;
  darkQuery()?.addEventListener("change", () => apply(state.choice));
}

/** Applies the logged-in user's saved theme (carried in the token, so it follows them across devices). */
export function followUserTheme(userTheme: unknown): void {
  // A token renewed by the save of an earlier choice must not undo a later one still being saved.
  if (!isTheme(userTheme) || pendingSaves > 0) return;
  remember(userTheme);
  if (userTheme !== state.choice) apply(userTheme);
}

/**
 * Applies a choice at once, keeps it on this device and saves it to the profile ('Settings updated!'). Saves of quick
 * successive choices run in order, so the profile ends with the last one.
 */
export async function chooseTheme(userId: number | null, choice: Theme): Promise<void> {
  apply(choice);
  remember(choice);
  if (userId === null) return;
  pendingSaves++;
  const save = saves.then(() => saveProfileField(userId, "theme", choice));
  saves = save;
  try {
    await save;
  } finally {
    pendingSaves--;
  }
}
