/**
 * @module Shell overlay store (docs/product.md "Shell"): one command connection for the folder on screen,
 * the output lines, the running flag and the typed history. Closing the overlay or Stop closes the connection,
 * which makes the server kill the running command; the next line opens a new one.
 */
import { proxy, useSnapshot } from "valtio";
import { connectCommandSocket } from "../api/command-socket";
import { currentToken } from "./auth";
import { closePrompt, showPrompt } from "./layout";
import { appendLines, historyStep, lineOfMessage, remember, type ShellLine, type ShellNoteKey } from "./shell-rules";

/** The shell overlay keeps this many output lines and drops the oldest (a browser cannot hold a `yes` for long). */
const SHELL_MAX_LINES = 1000;
/** Command lines the shell overlay remembers for up/down, newest last (a session's worth, kept in memory only). */
const SHELL_HISTORY_SIZE = 50;

interface ShellState {
  dir: string;
  lines: ShellLine[];
  running: boolean;
  history: string[];
}

const state = proxy<ShellState>({ dir: "/", lines: [], running: false, history: [] });
let socket: WebSocket | null = null;
let historyIndex = 0;

/** Snapshot of the shell for the overlay. */
export function useShell() {
  return useSnapshot(state);
}

function add(...lines: ShellLine[]): void {
  state.lines = appendLines(state.lines, lines, SHELL_MAX_LINES);
}

function disconnect(): void {
  const ws = socket;
  socket = null;
  ws?.close();
}

/** Opens the shell overlay in folder `dir` with an empty output. */
export function openShell(dir: string): void {
  disconnect();
  state.dir = dir;
  state.lines = [];
  state.running = false;
  historyIndex = state.history.length;
  showPrompt({ kind: "shell", dir });
}

/** Closes the overlay; its unmount ends the connection (endShellConnection). */
export function closeShell(): void {
  closePrompt();
}

/** Ends the connection when the overlay goes away for any reason: the server kills a running command then. */
export function endShellConnection(): void {
  disconnect();
  state.running = false;
}

/** Stops the running command by closing the connection; the next line reconnects. */
export function stopShellCommand(): void {
  if (!state.running) return;
  disconnect();
  state.running = false;
  add({ kind: "note", key: "shell.stopped" });
}

/** Sends one typed line (ignored when empty or while a command runs). */
export function runShellLine(line: string): void {
  if (!line.trim() || state.running) return;
  state.history = remember(state.history, line, SHELL_HISTORY_SIZE);
  historyIndex = state.history.length;
  add({ kind: "input", text: line });
  state.running = true;
  if (socket?.readyState === WebSocket.OPEN) return socket.send(line);
  const token = currentToken();
  if (!token) return fail("shell.connectFailed");
  const ws = connectCommandSocket(state.dir, token, {
    onOpen: () => ws.send(line),
    onMessage: (msg) => {
      if (ws !== socket) return;
      const shown = lineOfMessage(msg);
      if (shown) add(shown);
      if (msg.type === "end" || msg.type === "refused") state.running = false;
    },
    onClose: (opened) => {
      if (ws !== socket) return;
      socket = null;
      if (state.running) fail(opened ? "shell.disconnected" : "shell.connectFailed");
    },
  });
  socket = ws;
}

function fail(key: ShellNoteKey): void {
  state.running = false;
  add({ kind: "error", key });
}

/** The history entry one step up (-1) or down (+1) from the one shown, for the command input. */
export function browseHistory(step: -1 | 1): string {
  const { index, text } = historyStep(state.history, historyIndex, step);
  historyIndex = index;
  return text;
}

/** Empties the output. */
export function clearShell(): void {
  state.lines = [];
}
