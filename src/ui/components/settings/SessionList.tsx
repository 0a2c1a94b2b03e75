/**
 * @module The live login sessions of one user (profile sessions card, user admin screen), one row per device
 * (browser, system and IP) with its number of logins and last use, this browser marked; a device's logins end
 * together (this browser's own excepted); `endAll` adds 'End all sessions'.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Monitor } from "lucide-react";
import { endAllSessionsRequest, endSessionRequest, listSessionsRequest, type SessionInfo } from "../../api/sessions";
import { notifyError, notifySuccess } from "../../notify";
import { errorMessage } from "../../api/errors";
import { browserName } from "../../format/browser-name";
import { formatFullDate, formatRelative } from "../../format/format-date";
import { endableSessions, groupSessions, type SessionGroup } from "../../stores/session-groups";

/** Sessions lists: how much of a User-Agent no browser name was found in is shown instead (characters). */
const SESSION_AGENT_CHARS = 40;

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** Lists `userId`'s sessions; `reloadKey` changing reloads the list; with `endAll`, a button ends them all. */
export function SessionList({
  userId,
  endAll = false,
  reloadKey = 0,
}: {
  userId: number;
  endAll?: boolean;
  reloadKey?: number;
}) {
  const { t, i18n } = useTranslation();
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [busy, setBusy] = useState(false);
  const load = () => listSessionsRequest(userId).then(setSessions, (err) => notifyError(errorMessage(err)));
  useEffect(() => void load(), [userId, reloadKey]);
  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    try {
      notifySuccess(await run());
      await load();
    } catch (err) {
      notifyError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const label = (s: SessionInfo) => {
    const { browser, system } = browserName(s.userAgent);
    if (browser && system) return t("settings.sessions.browserOn", { browser, system });
    // Not a known browser (a script, a command-line client): its own name says more than 'unknown'.
    return browser || system || s.userAgent.slice(0, SESSION_AGENT_CHARS) || t("settings.sessions.unknownBrowser");
  };
  if (!sessions)
    return (
      <p className="muted" role="status">
        {t("settings.sessions.loading")}
      </p>
    );
  const groups = groupSessions(sessions, label);
  const endGroup = async (group: SessionGroup) => {
    for (const s of endableSessions(group)) await endSessionRequest(userId, s.id);
    return t("settings.sessions.revoked");
  };
  return (
    <>
      <ul className="session-list" aria-label={t("settings.sessions.listLabel")}>
        {sessions.length === 0 && <li className="muted session-row">{t("settings.sessions.none")}</li>}
        {groups.map((group) => {
          const s = group.latest;
          const name = label(s);
          const when = formatRelative(iso(s.lastUsedAt), i18n.language);
          const count = group.sessions.length;
          const others = endableSessions(group).length;
          return (
            <li key={group.key} className="session-row">
              <Monitor size={20} aria-hidden className="session-icon" />
              <span className="session-main">
                <span className="session-name">
                  {name}
                  {group.current && <span className="badge badge-accent">{t("settings.sessions.current")}</span>}
                  {count > 1 && <span className="badge">{t("settings.sessions.loginCount", { count })}</span>}
                </span>
                <span className="muted session-meta" title={s.userAgent}>
                  {s.ip || t("settings.sessions.unknownIp")} ·{" "}
                  <time dateTime={iso(s.lastUsedAt)} title={formatFullDate(iso(s.lastUsedAt), i18n.language)}>
                    {t("settings.sessions.lastUsed", { when })}
                  </time>
                </span>
              </span>
              {others > 0 && (
                <button
                  type="button"
                  className="btn btn-danger-outline session-revoke"
                  disabled={busy}
                  aria-label={t(
                    group.current ? "settings.sessions.revokeOthersNamed" : "settings.sessions.revokeNamed",
                    { name, when, count: others },
                  )}
                  onClick={() => void act(() => endGroup(group))}
                >
                  {group.current ? t("settings.sessions.revokeOthers") : t("settings.sessions.revoke")}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {endAll && (
        <div className="card-actions">
          <button
            type="button"
            className="btn btn-danger-outline"
            disabled={busy || sessions.length === 0}
            onClick={() =>
              void act(async () => t("settings.sessions.endedAll", { count: await endAllSessionsRequest(userId) }))
            }
          >
            {t("settings.sessions.endAll")}
          </button>
        </div>
      )}
    </>
  );
}
