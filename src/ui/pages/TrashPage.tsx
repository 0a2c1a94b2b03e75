/**
 * @module /trash: the caller's deleted items (docs/product.md "Trash"): restore one where it was or elsewhere, delete
 * one forever, empty the trash; an empty trash says so and how long items are kept.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Trash2 } from "lucide-react";
import { deleteEntryForever, emptyWholeTrash, loadTrash, restoreEntry, useTrash } from "../stores/trash";
import { showPrompt } from "../stores/layout";
import { useAuth } from "../stores/auth";
import type { TrashItem } from "../api/trash";
import { PageCrumbs } from "../components/common/PageCrumbs";
import { ErrorView } from "../components/common/ErrorView";
import { TrashTable, type TrashRowActions } from "../components/trash/TrashTable";
import { ConfirmDialog } from "../components/settings/ConfirmDialog";

/** What the page is asking to confirm: one entry's Delete forever, or Empty trash. */
type Confirming = { kind: "forever"; item: TrashItem } | { kind: "empty" } | null;

/** The Trash page. */
export function TrashPage() {
  const { t } = useTranslation();
  const { list, error, busy } = useTrash();
  const { user } = useAuth();
  const [confirming, setConfirming] = useState<Confirming>(null);
  useEffect(() => void loadTrash(), []);
  if (error && !list) return <ErrorView kind={error} />;
  const items = list?.items ?? [];
  const days = list?.retentionDays ?? 0;
  const retention = days > 0 ? t("trash.retention", { days }) : null;
  const actions: TrashRowActions = {
    restore: (item) => void restoreEntry(item),
    restoreTo: (item) => showPrompt({ kind: "restoreTo", item }),
    deleteForever: (item) => setConfirming({ kind: "forever", item }),
  };
  const confirm = () => {
    if (confirming?.kind === "forever") void deleteEntryForever(confirming.item.id);
    else if (confirming?.kind === "empty") void emptyWholeTrash();
    setConfirming(null);
  };
  return (
    <div className="page page-wide trash-page">
      <PageCrumbs href="/trash" label={t("trash.title")} />
      <div className="page-head">
        <h1 className="page-title">{t("trash.title")}</h1>
        <button
          type="button"
          className="btn btn-danger-outline"
          disabled={busy || items.length === 0}
          onClick={() => setConfirming({ kind: "empty" })}
        >
          <Trash2 size={16} aria-hidden />
          {t("trash.empty")}
        </button>
      </div>
      {items.length > 0 && retention && <p className="muted trash-retention">{retention}</p>}
      <div className="card card-flush table-scroll">
        {!list ? (
          <p className="muted card-pad">{t("app.loading")}</p>
        ) : items.length === 0 ? (
          <div className="empty-state">
            <Trash2 size={48} aria-hidden />
            <h2>{t("trash.emptyTitle")}</h2>
            {retention && <p>{retention}</p>}
          </div>
        ) : (
          <TrashTable items={items} withDeletedBy={user?.perm.admin === true} busy={busy} actions={actions} />
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          focusCancel
          title={t(confirming.kind === "empty" ? "trash.emptyConfirmTitle" : "trash.deleteForever")}
          message={
            confirming.kind === "empty"
              ? t("trash.emptyConfirm", { count: items.length })
              : t("trash.deleteForeverConfirm", { name: confirming.item.name })
          }
          confirmLabel={t(confirming.kind === "empty" ? "trash.empty" : "trash.deleteForever")}
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
