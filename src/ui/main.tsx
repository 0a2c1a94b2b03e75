/** @module Entry: applies the theme, reads the config, restores the session, picks the language, mounts, then drops the loading overlay. */
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { currentUser, initAuth, onLogout } from "./stores/auth";
import { storedLocale } from "./stores/preferences";
import { followUserTheme, initTheme } from "./stores/theme";
import { initI18n } from "./i18n";
import { detectLanguage } from "./i18n/detect-language";
import { config } from "./stores/config";

/** The start-up loading overlay is removed this long after mount (docs/product.md "Start-up", "Timings"). */
const LOADING_OVERLAY_MS = 200;

// First, before anything paints: the theme last chosen on this device (the CSP forbids an inline script for it).
initTheme();

function removeOverlay(): void {
  const el = document.getElementById("loading");
  if (!el) return;
  el.classList.add("done");
  setTimeout(() => el.remove(), LOADING_OVERLAY_MS);
}

function Root() {
  useEffect(() => {
    // docs/product.md "Start-up": the overlay goes about 200 ms after the app mounts.
    const timer = setTimeout(removeOverlay, LOADING_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return <App />;
}

/** Loads the branding folder's custom.css after the built-in styles, so it can override them. */
function applyBrandingStyles(): void {
  if (!config.customCSS) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = config.customCSS;
  document.head.appendChild(link);
}

async function start(): Promise<void> {
  applyBrandingStyles();
  onLogout((expired) => {
    const { pathname, search } = window.location;
    const here = pathname.slice(config.baseURL.length) + search;
    const query = expired && here.startsWith("/files") ? `?redirect=${encodeURIComponent(here)}` : "";
    history.pushState(null, "", `${config.baseURL}/login${query}`);
  });
  await initAuth();
  followUserTheme(currentUser()?.theme);
  await initI18n(detectLanguage(storedLocale() ?? currentUser()?.locale, navigator.language));
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void start();
