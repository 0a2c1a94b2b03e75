/**
 * @module Keeps the task connection open while a user with execute is logged in (docs/product.md "Layout", "Task
 * connection"), and tells of it only when it matters: nothing while it works, a quiet notice once it has been down a
 * while, and a quiet word when it is back.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { startTasks, stopTasks, useTasks } from "../../stores/tasks";

/** A drop shorter than this (a reload of the server, a network hiccup) is not worth a word (UI choice), in ms. */
const TASK_DROP_NOTICE_MS = 5000;
/** How long "back" stays after a notice of a drop, in ms (UI choice). */
const TASK_BACK_NOTICE_MS = 4000;

type Notice = "none" | "down" | "back";

/** Follows the connection state: "down" after TASK_DROP_NOTICE_MS without it, "back" for a while when it returns after "down". */
function useConnectionNotice(active: boolean, connected: boolean): Notice {
  const [notice, setNotice] = useState<Notice>("none");
  const shown = useRef(false);
  useEffect(() => {
    if (!active) {
      shown.current = false;
      setNotice("none");
      return;
    }
    if (!connected) {
      const timer = setTimeout(() => {
        shown.current = true;
        setNotice("down");
      }, TASK_DROP_NOTICE_MS);
      return () => clearTimeout(timer);
    }
    if (!shown.current) return;
    shown.current = false;
    setNotice("back");
    const timer = setTimeout(() => setNotice("none"), TASK_BACK_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [active, connected]);
  return notice;
}

/** Connects for a logged-in user with execute (or admin) and disconnects on logout; shows the notice of a long drop. */
export function TaskConnection() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { connected } = useTasks();
  const wanted = Boolean(user && (user.perm.admin || user.perm.execute));
  const who = user?.id ?? null;
  useEffect(() => {
    if (!wanted) return;
    startTasks();
    return () => stopTasks();
  }, [wanted, who]);
  const notice = useConnectionNotice(wanted, connected);
  return (
    <div className="task-connection" role="status" aria-live="polite">
      {notice !== "none" && (
        <span className={`task-connection-note task-connection-${notice}`}>
          {t(notice === "down" ? "tasks.connectionLost" : "tasks.connectionBack")}
        </span>
      )}
    </div>
  );
}
