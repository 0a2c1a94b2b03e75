/**
 * @module /settings/users/new and /settings/users/{id}: the user form with save and delete (docs/product.md "Users",
 * "Session"), and the user's sessions.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "wouter";
import { ArrowLeft } from "lucide-react";
import {
  changesOwnPassword,
  editAccountDraft,
  openAccount,
  openNewAccount,
  removeAccount,
  saveAccountDraft,
  setCurrentPassword,
  useUsers,
} from "../../stores/users";
import { SettingsFrame } from "../../components/settings/SettingsFrame";
import { UserForm } from "../../components/settings/UserForm";
import { ConfirmDialog } from "../../components/settings/ConfirmDialog";
import { UserSessionsCard } from "../../components/settings/UserSessionsCard";
import { config } from "../../stores/config";
import type { UserDraft } from "../../stores/user-form-rules";

/** New or edit user, picked by the route's id ("new" or a number). */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id = "new" } = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const { draft, original, busy, currentPassword, errors, followName } = useUsers();
  const [confirming, setConfirming] = useState(false);
  const isNew = id === "new";

  useEffect(() => {
    if (isNew) void openNewAccount();
    // docs/product.md "User not found": a user that cannot be fetched sends the admin to the new user form.
    else void openAccount(Number(id)).then((ok) => ok || navigate("/settings/users/new", { replace: true }));
  }, [id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await saveAccountDraft();
    if (saved && isNew) navigate(`/settings/users/${saved.id}`, { replace: true });
  };
  const remove = async () => {
    setConfirming(false);
    if (original && (await removeAccount(original.id))) navigate("/settings/users");
  };
  const title = isNew
    ? t("settings.users.newTitle")
    : t("settings.users.editTitle", { username: original?.username ?? "" });
  const back = (
    <Link href="/settings/users" className="btn">
      <ArrowLeft size={16} aria-hidden /> {t("settings.users.back")}
    </Link>
  );
  return (
    <SettingsFrame title={title} actions={back}>
      {!draft || (!isNew && !original) ? (
        <p className="muted">{t("settings.loading")}</p>
      ) : (
        <form className="card" onSubmit={submit} aria-label={title} noValidate>
          <UserForm
            value={draft as UserDraft}
            onChange={editAccountDraft}
            account={isNew ? "new" : "edit"}
            currentPassword={
              changesOwnPassword(original, draft) ? { value: currentPassword, onChange: setCurrentPassword } : undefined
            }
            errors={errors}
            homeScope={followName}
          />
          <div className="card-actions">
            {!isNew && (
              <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)}>
                {t("settings.users.delete")}
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t("settings.users.save")}
            </button>
          </div>
        </form>
      )}
      {!isNew && original && !config.noAuth && <UserSessionsCard userId={original.id} />}
      {confirming && (
        <ConfirmDialog
          title={t("settings.users.deleteTitle")}
          message={t("settings.users.deleteConfirm")}
          confirmLabel={t("settings.users.delete")}
          onConfirm={() => void remove()}
          onClose={() => setConfirming(false)}
        />
      )}
    </SettingsFrame>
  );
}
