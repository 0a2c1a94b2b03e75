/** @module Keeps the task connection open while a user with execute is logged in (SPEC §2 Layout, §4 Task connection). */
import { useEffect } from "react";
import { useAuth } from "../../stores/auth";
import { startTasks, stopTasks } from "../../stores/tasks";

/** Connects for a logged-in user with execute (or admin) and disconnects on logout; renders nothing. */
export function TaskConnection() {
  const { user } = useAuth();
  const wanted = Boolean(user && (user.perm.admin || user.perm.execute));
  const who = user?.id ?? null;
  useEffect(() => {
    if (!wanted) return;
    startTasks();
    return () => stopTasks();
  }, [wanted, who]);
  return null;
}
