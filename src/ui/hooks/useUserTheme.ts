/** @module Keeps the colour theme on the logged-in user's saved choice and hands the palette in use to the widgets. */
import { useEffect } from "react";
import { useAuth } from "../stores/auth";
import { followUserTheme, useTheme } from "../stores/theme";
import type { ResolvedTheme } from "../stores/theme-rules";

/** Follows the theme in the token (login, renewals after a change on another device); returns "light" or "dark". */
export function useUserTheme(): ResolvedTheme {
  const { user } = useAuth();
  const saved = user?.theme;
  useEffect(() => followUserTheme(saved), [saved]);
  return useTheme().resolved;
}
