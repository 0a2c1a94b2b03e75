/** @module Top bar: menu toggle (mobile), the instance name, and the actions of the current view. */
import { Menu } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useRoute } from "wouter";
import { config } from "../../stores/config";
import { setSidebarOpen, useLayout } from "../../stores/layout";
import { useAuth } from "../../stores/auth";
import { FileActions } from "../listing/FileActions";
import { Logo } from "./Logo";
import { TaskButton } from "../tasks/TaskButton";

/** The header; on /files it carries the file actions (a bottom bar on mobile). */
export function Header() {
  const { t } = useTranslation();
  const { sidebarOpen } = useLayout();
  const { user } = useAuth();
  const [inFiles] = useRoute("/files/*");
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
      <Link href="/files/" className="header-brand">
        <Logo />
        <span className="header-name">{config.name}</span>
      </Link>
      <div className="header-spacer" />
      {inFiles && user && <FileActions />}
      <TaskButton />
    </header>
  );
}
