/**
 * @module Who receives which task pushes (SPEC section 7 `/api/task`, CONTRACT "Tasks"): each open connection
 * (a viewer) gets its user's tasks, admins every user's with the owner's name; the whole list on connect, one
 * message per task ordered by TaskID, then every change and removal. A viewer whose login session has ended is
 * closed instead of served.
 */
import type { Database } from "bun:sqlite";
import type { TaskMessage } from "../shared/wire/task";
import { allTasks, tasksOfUser } from "../server/db/tasks-table";
import { findUserById } from "../server/db/users-table";
import { presentTask } from "../server/presenters/task";
import type { TaskEvent, TaskQueue } from "./queue";

/** One open task connection. */
export interface TaskViewer {
  userId: number;
  isAdmin: boolean;
  send(message: TaskMessage): void;
  /** False once the connection's session has ended (logout, password change...): it is then closed, not served. */
  live(): boolean;
  close(): void;
}

/** The open connections and the queue events they get. */
export class TaskFeed {
  private readonly viewers = new Set<TaskViewer>();

  constructor(private readonly db: Database, queue: TaskQueue) {
    queue.subscribe((e) => this.publish(e));
  }

  /** Sends the viewer its current list (one message per task, by TaskID), then keeps it posted; returns detach. */
  attach(viewer: TaskViewer): () => void {
    const list = viewer.isAdmin
      ? allTasks(this.db).map((t) => presentTask(t, { username: t.username }))
      : tasksOfUser(this.db, viewer.userId).map((t) => presentTask(t));
    for (const m of list) viewer.send(m);
    this.viewers.add(viewer);
    return () => this.viewers.delete(viewer);
  }

  /** Closes every viewer whose session has ended; called on a timer so idle connections are checked too. */
  checkSessions(): void {
    for (const v of [...this.viewers]) if (!v.live()) this.drop(v);
  }

  private drop(viewer: TaskViewer): void {
    this.viewers.delete(viewer);
    viewer.close();
  }

  private publish(e: TaskEvent): void {
    let ownerName: string | undefined;
    for (const v of [...this.viewers]) {
      if (v.userId !== e.task.userId && !v.isAdmin) continue;
      if (!v.live()) {
        this.drop(v);
        continue;
      }
      if (v.isAdmin) ownerName ??= findUserById(this.db, e.task.userId)?.username ?? "";
      v.send(presentTask(e.task, { removed: e.type === "removed", username: v.isAdmin ? ownerName : undefined }));
    }
  }
}
