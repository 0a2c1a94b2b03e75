/**
 * @module Who receives which task pushes (docs/product.md "Sockets", docs/interfaces.md "Task WebSocket"): each open
 * connection (a viewer) gets its user's tasks, admins every user's with the owner's name; the whole list on connect,
 * one message per task ordered by TaskID, then every change and removal. A viewer whose login session has ended is
 * closed instead of served.
 */
import type { Database } from "bun:sqlite";
import { allTasks, tasksOfUser } from "../server/db/tasks-table";
import { findUserById } from "../server/db/users-table";
import type { TaskEvent, TaskQueue } from "./queue";
import type { TaskRecord } from "./types";

/** How a task reaches a viewer: removed (MsgType 1) or not, and its owner's name for admins. */
export interface TaskDelivery {
  removed: boolean;
  username?: string;
}

/** One open task connection. */
export interface TaskViewer {
  userId: number;
  isAdmin: boolean;
  /** Delivers one task; the route presents it on the wire. */
  send(task: TaskRecord, how: TaskDelivery): void;
  /** False once the connection's session has ended (logout, password change...): it is then closed, not served. */
  live(): boolean;
  close(): void;
}

/** The open connections and the queue events they get. */
export class TaskFeed {
  private readonly viewers = new Set<TaskViewer>();

  constructor(
    private readonly db: Database,
    queue: TaskQueue,
  ) {
    queue.subscribe((e) => this.publish(e));
  }

  /** Sends the viewer its current list (one message per task, by TaskID), then keeps it posted; returns detach. */
  attach(viewer: TaskViewer): () => void {
    if (viewer.isAdmin) for (const t of allTasks(this.db)) viewer.send(t, { removed: false, username: t.username });
    else for (const t of tasksOfUser(this.db, viewer.userId)) viewer.send(t, { removed: false });
    this.viewers.add(viewer);
    return () => this.viewers.delete(viewer);
  }

  /** Closes every viewer whose session has ended; called after session changes and on a timer (idle sockets). */
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
      if (v.isAdmin)
        ownerName ??=
          (e.type === "removed" ? e.owner : undefined) ?? findUserById(this.db, e.task.userId)?.username ?? "";
      v.send(e.task, { removed: e.type === "removed", username: v.isAdmin ? ownerName : undefined });
    }
  }
}
