/** @module The frame of every settings screen: the settings tabs, then the page title and its content. */
import type { ReactNode } from "react";
import { SettingsNav } from "./SettingsNav";

/** A settings page with tabs (admins), a title, optional actions beside it and the content. */
export function SettingsFrame({
  title,
  actions,
  wide,
  children,
}: {
  title: string;
  actions?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`page settings-page${wide ? " page-wide" : ""}`}>
      <SettingsNav />
      <div className="page-head">
        <h1 className="page-title">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
