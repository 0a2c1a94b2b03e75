/** @module Sidebar (docs/product.md "Layout"): navigation for the session state, and the version footer. */
import { FilePlus, FolderPlus, HardDrive, LogIn, LogOut, Settings, Share2, Trash2, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRoute } from "wouter";
import { config } from "../../stores/config";
import { logout, useAuth } from "../../stores/auth";
import { setSidebarOpen, showPrompt, useLayout } from "../../stores/layout";
import { Logo } from "./Logo";

/**
 * The navigation: My Files, Shared Links, Trash (delete), New Folder and New File (create), Settings, Logout (not in
 * no-auth); Login/Signup when logged out.
 */
export function Sidebar() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { sidebarOpen } = useLayout();
  const [location] = useLocation();
  const [inFiles] = useRoute("/files/*");
  const close = () => setSidebarOpen(false);
  const current = (prefix: string) => (location.startsWith(prefix) ? "page" : undefined);
  return (
    <>
      <div className={`sidebar-backdrop${sidebarOpen ? " open" : ""}`} onClick={close} aria-hidden />
      <nav id="sidebar" className={`sidebar${sidebarOpen ? " open" : ""}`} aria-label={t("sidebar.label")}>
        <div className="sidebar-brand">
          <Logo />
          <span>{config.name}</span>
        </div>
        <div className="sidebar-links">
          {user ? (
            <>
              <Link href="/files/" className="nav-link" aria-current={current("/files")} onClick={close}>
                <HardDrive aria-hidden /> {t("sidebar.myFiles")}
              </Link>
              <Link href="/shared" className="nav-link" aria-current={current("/shared")} onClick={close}>
                <Share2 aria-hidden /> {t("sidebar.sharedLinks")}
              </Link>
              {user.perm.delete && (
                <Link href="/trash" className="nav-link" aria-current={current("/trash")} onClick={close}>
                  <Trash2 aria-hidden /> {t("sidebar.trash")}
                </Link>
              )}
              {user.perm.create && inFiles && (
                <>
                  <button
                    type="button"
                    className="nav-link"
                    onClick={() => (close(), showPrompt({ kind: "newFolder" }))}
                  >
                    <FolderPlus aria-hidden /> {t("sidebar.newFolder")}
                  </button>
                  <button type="button" className="nav-link" onClick={() => (close(), showPrompt({ kind: "newFile" }))}>
                    <FilePlus aria-hidden /> {t("sidebar.newFile")}
                  </button>
                </>
              )}
              <Link href="/settings/profile" className="nav-link" aria-current={current("/settings")} onClick={close}>
                <Settings aria-hidden /> {t("sidebar.settings")}
              </Link>
              {!config.noAuth && (
                <button type="button" className="nav-link" onClick={() => (close(), logout())}>
                  <LogOut aria-hidden /> {t("sidebar.logout")}
                </button>
              )}
            </>
          ) : (
            <>
              <Link href="/login" className="nav-link" onClick={close}>
                <LogIn aria-hidden /> {t("sidebar.login")}
              </Link>
              {config.signup && (
                <Link href="/login?signup=1" className="nav-link" onClick={close}>
                  <UserPlus aria-hidden /> {t("sidebar.signup")}
                </Link>
              )}
            </>
          )}
        </div>
        <footer className="sidebar-footer">
          <span>{config.name}</span>
          <span>{t("sidebar.version", { version: config.version.Version })}</span>
          <span className="sidebar-footer-links">
            {user && (
              <button type="button" className="link-btn" onClick={() => (close(), showPrompt({ kind: "searchStats" }))}>
                {t("sidebar.searchStats")}
              </button>
            )}
            <button type="button" className="link-btn" onClick={() => (close(), showPrompt({ kind: "about" }))}>
              {t("sidebar.about")}
            </button>
            <button type="button" className="link-btn" onClick={() => (close(), showPrompt({ kind: "help" }))}>
              {t("sidebar.help")}
            </button>
          </span>
        </footer>
      </nav>
    </>
  );
}
