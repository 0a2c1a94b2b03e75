/** @module The app root: router under the base URL, the route table and the popup host. */
import { Router } from "wouter";
import { useTranslation } from "react-i18next";
import { Toaster } from "sonner";
import { config } from "./stores/config";
import { AppRoutes } from "./routes";
import { TOAST_MOBILE_OFFSET_PX } from "./constants";
import { useUserTheme } from "./hooks/useUserTheme";

/** The whole UI. */
export function App() {
  const { t } = useTranslation();
  const theme = useUserTheme();
  return (
    <Router base={config.baseURL}>
      <AppRoutes />
      <Toaster
        position="bottom-center"
        theme={theme}
        richColors
        containerAriaLabel={t("app.notifications")}
        mobileOffset={{ bottom: TOAST_MOBILE_OFFSET_PX, left: 16, right: 16 }}
      />
    </Router>
  );
}
