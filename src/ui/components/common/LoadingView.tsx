/** @module The centred spinner shown while a view's data or code is on its way. */
import { useTranslation } from "react-i18next";

/** A status line with a spinner; `label` defaults to the generic "Loading". */
export function LoadingView({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loading-view" role="status">
      <span className="spinner" aria-hidden />
      {label ?? t("app.loading")}
    </div>
  );
}
