/** @module The 403, 404 and 500 views with their texts (docs/product.md "Error pages"). */
import { FileSearch, ServerCrash, ShieldX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { ErrorKind } from "../../api/errors";

const ICONS = { forbidden: ShieldX, notFound: FileSearch, internal: ServerCrash };
const CODES = { forbidden: 403, notFound: 404, internal: 500 };

/** A centred error message with a link back to My Files. */
export function ErrorView({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const Icon = ICONS[kind];
  return (
    <div className="error-view" role="alert">
      <Icon size={64} aria-hidden className="error-icon" />
      <p className="error-code">{CODES[kind]}</p>
      <h2>{t(`errors.${kind}`)}</h2>
      <Link href="/files/" className="btn">
        {t("errors.goHome")}
      </Link>
    </div>
  );
}
