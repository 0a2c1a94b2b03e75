/** @module Pure rules of the colour theme: which choices exist and which palette a choice gives. */
import { DEFAULT_THEME, THEMES, type Theme } from "../../shared/wire/user";

/** The palette in use: what `data-theme` on <html> says. */
export type ResolvedTheme = "light" | "dark";

/** Whether `value` names a theme choice (a stored string or a claim of an older token may be anything). */
export function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

/** A stored choice when it is one, else "system" (a first visit, or a value from another version). */
export function themeOrDefault(value: unknown): Theme {
  return isTheme(value) ? value : DEFAULT_THEME;
}

/** The palette of a choice: "system" follows the device's prefers-color-scheme. */
export function resolveTheme(choice: Theme, systemDark: boolean): ResolvedTheme {
  if (choice === "system") return systemDark ? "dark" : "light";
  return choice;
}
