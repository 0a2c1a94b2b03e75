/**
 * @module The app frame (docs/product.md "Layout"): progress bar, header, sidebar, main view, upload panel, task panel,
 * prompts, app-wide keys.
 */
import type { ReactNode } from "react";
import { ProgressBar } from "./ProgressBar";
import { Header } from "./Header";
import { Sidebar } from "./Sidebar";
import { UploadPanel } from "./UploadPanel";
import { OperationProgress } from "./OperationProgress";
import { Prompts } from "../prompts/Prompts";
import { GlobalShortcuts } from "./GlobalShortcuts";
import { TaskPanel } from "../tasks/TaskPanel";
import { TaskConnection } from "../tasks/TaskConnection";

/** Wraps a page in the app frame. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <ProgressBar />
      <Header />
      <Sidebar />
      <main className="main" id="main">
        {children}
      </main>
      <UploadPanel />
      <OperationProgress />
      <TaskPanel />
      <TaskConnection />
      <Prompts />
      <GlobalShortcuts />
    </div>
  );
}
