/** @module Top bar: menu toggle (mobile), the instance name, and the actions of the current view. */
import { Menu, Terminal } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useRoute } from "wouter";
import { config } from "../../stores/config";
import { setSidebarOpen, useLayout } from "../../stores/layout";
import { useAuth } from "../../stores/auth";
import { useCurrentResource } from "../../stores/current-resource";
import { canUseShell } from "../../stores/shell-rules";
import { openShell } from "../../stores/shell";
import { FileActions } from "../listing/FileActions";
import { Logo } from "./Logo";
import { TaskButton } from "../tasks/TaskButton";
import { SearchPanel } from "../search/SearchPanel";

/** The header; on /files it carries the file actions (a bottom bar on mobile). */
export function Header() {
  const { t } = useTranslation();
  const { sidebarOpen } = useLayout();
  const { user } = useAuth();
  const [inFiles] = useRoute("/files/*");
  const { listing } = useCurrentResource();
  return (
    <header className="header">
      <button
        type="button"
        className="icon-btn header-menu"
        aria-label={t("header.menu")}
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
        onClick={() => setSidebarOpen(!sidebarOpen)}
      >
        <Menu aria-hidden />
      </button>
      <Link href="/files/" className="header-brand" aria-label={config.name} title={config.name}>
        <Logo />
        <span className="header-name">{config.name}</span>
      </Link>
      <div className="header-spacer" />
      {inFiles && user && listing && <SearchPanel dir={listing.path} />}
      {inFiles && user && <FileActions />}
      {inFiles && listing && canUseShell(user) && (
        <button
          type="button"
          className="icon-btn header-shell"
          aria-label={t("header.shell")}
          title={t("header.shell")}
          onClick={() => openShell(listing.path)}
        >
          <Terminal aria-hidden />
        </button>
      )}
      <TaskButton />
    </header>
  );
}
