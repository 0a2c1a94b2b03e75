/** @module /settings/users: the users table (docs/product.md "Users"). */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Pencil, Plus } from "lucide-react";
import { loadAccounts, useUsers } from "../../stores/users";
import { SettingsFrame } from "../../components/settings/SettingsFrame";

/** Username, admin flag, scope and an edit link per user, with a 'New' button. */
export function UsersPage() {
  const { t } = useTranslation();
  const { list } = useUsers();
  useEffect(() => void loadAccounts(), []);
  const actions = (
    <Link href="/settings/users/new" className="btn btn-primary">
      <Plus size={16} aria-hidden /> {t("settings.users.new")}
    </Link>
  );
  return (
    <SettingsFrame title={t("settings.users.title")} actions={actions}>
      <div className="card card-flush table-scroll">
        {!list ? (
          <p className="muted card-pad">{t("settings.loading")}</p>
        ) : (
          <table className="data-table users-table" aria-label={t("settings.users.title")}>
            <thead>
              <tr>
                <th>{t("settings.users.username")}</th>
                <th>{t("settings.users.admin")}</th>
                <th className="col-scope">{t("settings.users.scope")}</th>
                <th aria-label={t("settings.users.edit")} />
              </tr>
            </thead>
            <tbody>
              {list.map((u) => (
                <tr key={u.id}>
                  <td className="cell-strong">
                    {u.username}
                    {/* Phones show the scope under the name instead of in its own column. */}
                    <span className="users-scope-inline">{u.scope}</span>
                  </td>
                  <td>
                    {u.perm.admin ? (
                      <span className={`badge${u.id === 1 ? " badge-accent" : ""}`}>
                        {t(u.id === 1 ? "settings.users.superadmin" : "settings.users.admin")}
                      </span>
                    ) : (
                      <span className="muted">{t("settings.no")}</span>
                    )}
                  </td>
                  <td className="cell-mono col-scope">{u.scope}</td>
                  <td className="cell-action">
                    <Link
                      href={`/settings/users/${u.id}`}
                      className="icon-btn"
                      aria-label={t("settings.users.editUser", { username: u.username })}
                      title={t("settings.users.edit")}
                    >
                      <Pencil size={16} aria-hidden />
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </SettingsFrame>
  );
}
