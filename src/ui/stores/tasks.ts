/**
 * @module Tasks store (docs/product.md "Client state": task lists, task connection): the user's tasks as the server
 * pushes them, the connection state and its failure count, and the messages the panel and dialogs send.
 */
import i18next from "i18next";
import { proxy, useSnapshot } from "valtio";
import type { TaskMessage, TaskRequest } from "../../shared/wire/task";
import { connectTaskSocket, type TaskSocket } from "../api/task-socket";
import { notifyError, notifySuccess } from "../notify";
import { config } from "./config";
import { currentToken } from "./auth";
import {
  bulkEmptyKey,
  bulkTargets,
  mergeTask,
  parseTaskFrame,
  reconnects,
  refusalKey,
  taskSocketUrl,
  type BulkAction,
} from "./tasks-rules";

/**
 * Where the unarchive dialog remembers the last password (docs/product.md "Unarchive": one fixed local storage key).
 */
const UNARCHIVE_PASSWORD_STORAGE_KEY = "fbe-unarchive-password";

interface TasksState {
  tasks: TaskMessage[];
  connected: boolean;
}

const state = proxy<TasksState>({ tasks: [], connected: false });
let socket: TaskSocket | null = null;

/** Snapshot of the task list and connection. */
export function useTasks() {
  return useSnapshot(state);
}

function onFrame(data: string): void {
  const frame = parseTaskFrame(data);
  if (frame?.kind === "task") state.tasks = mergeTask(state.tasks, frame.task);
  if (frame?.kind === "error") notifyError(taskText(frame.error));
}

/** A server sentence about a task as the UI says it: its own translated words for the known ones, else the text itself. */
export function taskText(message: string): string {
  const key = refusalKey(message);
  return key ? i18next.t(key) : message;
}

/** Opens the task connection once (a logged-in user with execute); the server then sends every existing task. */
export function startTasks(): void {
  if (socket) return;
  const url = () => {
    const token = currentToken();
    return token ? taskSocketUrl(window.location, config.baseURL, token) : null;
  };
  socket = connectTaskSocket(
    url,
    {
      onOpen: () => {
        // The server sends the whole list again on every connect.
        state.tasks = [];
        state.connected = true;
      },
      onMessage: onFrame,
      // A close is told quietly by TaskConnection once it lasts (never a popup on every reload).
      onClose: () => {
        state.connected = false;
      },
    },
    reconnects(navigator.userAgent, window.location.protocol),
  );
}

/** Closes the connection and forgets the list (logout, or a user without execute). */
export function stopTasks(): void {
  socket?.stop();
  socket = null;
  state.tasks = [];
  state.connected = false;
}

/** Sends one message; while closed it says so (docs/product.md "Task connection") and returns false. */
export function sendTask(request: TaskRequest): boolean {
  if (socket?.send(JSON.stringify(request))) return true;
  notifyError(i18next.t("tasks.sendClosed"));
  return false;
}

/**
 * Starts a task from its dialog and shows its 'has been send to background' message (docs/product.md "Success
 * messages") when sent.
 */
export function startTask(
  request: TaskRequest & { Task: "mktorrent" | "mkthumb" | "extract_sub" | "unarchive" },
): boolean {
  const sent = sendTask(request);
  if (sent) notifySuccess(i18next.t(`tasks.sent.${request.Task}`));
  return sent;
}

/** Removes, cancels or retries one task by its id. */
export function controlTask(action: "remove" | "cancel" | "retry", taskId: number): void {
  sendTask({ Task: action, Params: { TaskID: taskId } });
}

/**
 * Runs a bulk action on the list; with nothing to act on it shows the 'no task …' message (docs/product.md "Task
 * messages").
 */
export function runBulk(action: BulkAction): void {
  const ids = bulkTargets(state.tasks, action);
  if (ids.length === 0) return notifyError(i18next.t(bulkEmptyKey(action)));
  const control = action === "cancelAll" ? "cancel" : "remove";
  for (const id of ids) if (!sendTask({ Task: control, Params: { TaskID: id } })) return;
}

/** The unarchive password last used on this device (docs/product.md "Unarchive": local storage under one fixed key). */
export function rememberedArchivePassword(): string {
  return localStorage.getItem(UNARCHIVE_PASSWORD_STORAGE_KEY) ?? "";
}

/** Keeps the unarchive password for next time; an empty one forgets it. */
export function rememberArchivePassword(password: string): void {
  if (password) localStorage.setItem(UNARCHIVE_PASSWORD_STORAGE_KEY, password);
  else localStorage.removeItem(UNARCHIVE_PASSWORD_STORAGE_KEY);
}
