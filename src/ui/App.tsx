/** @module The app root: router under the base URL, the route table and the popup host. */
import { Router } from "wouter";
import { useTranslation } from "react-i18next";
import { Suspense } from "react";
import { config } from "./stores/config";
import { AppRoutes } from "./routes";
import { useUserTheme } from "./hooks/useUserTheme";
import { useToasterWanted } from "./notify";
import { lazyNamed } from "./lazy-named";

/** On phones, popups sit above the bottom action bar (64 px bar + 16 px gap). */
const TOAST_MOBILE_OFFSET_PX = 80;

// sonner's code loads with the first popup (see notify.ts).
const Toaster = lazyNamed(() => import("sonner"), "Toaster");

/** The whole UI. */
export function App() {
  const { t } = useTranslation();
  const theme = useUserTheme();
  const toasts = useToasterWanted();
  return (
    <Router base={config.baseURL}>
      <AppRoutes />
      {toasts && (
        <Suspense fallback={null}>
          <Toaster
            position="bottom-center"
            theme={theme}
            richColors
            containerAriaLabel={t("app.notifications")}
            mobileOffset={{ bottom: TOAST_MOBILE_OFFSET_PX, left: 16, right: 16 }}
          />
        </Suspense>
      )}
    </Router>
  );
}
