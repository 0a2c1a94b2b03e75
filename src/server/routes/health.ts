/** @module GET /health: liveness without auth (docs/interfaces.md "Other answers"). */
import { Hono } from "hono";
import type { AppEnv } from "../app-env";

export const healthRoutes = new Hono<AppEnv>().get("/health", (c) => c.json({ status: "OK" }));
