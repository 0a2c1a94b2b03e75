/** @module The one WebSocket adapter of the server (Hono on Bun: hono/bun createBunWebSocket): routes upgrade with it, serve.ts hands `websocket` to Bun.serve. */
import { createBunWebSocket } from "hono/bun";

const adapter = createBunWebSocket();

/** Hono middleware that upgrades a request to a WebSocket (`/api/task`, `/api/command/{path}`). */
export const upgradeWebSocket = adapter.upgradeWebSocket;

/** The handler object Bun.serve needs for the upgraded sockets. */
export const websocket = adapter.websocket;
