/** @module createApp(deps): middleware order, route mounts, error mapping. Never listens (serve.ts does). */
import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import type { Deps } from "./deps";
import { errorBody } from "./errors";
import { commonMiddleware, errorHandler } from "./routes/request/app-common";
import { healthRoutes } from "./routes/health";
import { loginRoutes } from "./routes/login";
import { resourceRoutes } from "./routes/resources";
import { rawRoutes } from "./routes/raw";
import { staticRoutes } from "./routes/static";
import { userRoutes } from "./routes/users";
import { settingsRoutes } from "./routes/settings";
import { logRoutes } from "./routes/logs";
import { shareRoutes } from "./routes/shares";
import { publicRoutes } from "./routes/public";
import { publicMediaRoutes } from "./routes/public-media";
import { publicTusRoutes } from "./routes/public-tus";
import { taskRoutes } from "./routes/tasks";
import { commandRoutes } from "./routes/command";
import { playlistRoutes } from "./routes/playlist";
import { frameRoutes } from "./routes/frame";
import { searchRoutes } from "./routes/search";
import { searchIndexRoutes } from "./routes/search-index";
import { progressRoutes } from "./routes/progress";
import { tusRoutes } from "./routes/tus";
import { openApiRoutes } from "./routes/openapi";
import { trashRoutes } from "./routes/trash";
import { versionRoutes } from "./routes/versions";
import { activityRoutes } from "./routes/activity";
import { activityMiddleware } from "./routes/request/activity";

/** Builds the Hono app for `deps`, mounted under the configured base URL. */
export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = deps.config.baseurl;
  const api = new Hono<AppEnv>()
    // After each change: one activity log entry (docs/ARCHITECTURE.md "Activity log").
    .use("*", activityMiddleware(`${base}/api`))
    .route("/", loginRoutes)
    .route("/", resourceRoutes)
    .route("/", rawRoutes)
    .route("/", userRoutes)
    .route("/", settingsRoutes)
    .route("/", logRoutes)
    .route("/", shareRoutes)
    .route("/", publicRoutes)
    .route("/", publicMediaRoutes)
    .route("/", publicTusRoutes)
    .route("/", taskRoutes)
    .route("/", commandRoutes)
    .route("/", playlistRoutes)
    .route("/", frameRoutes)
    .route("/", searchRoutes)
    .route("/", searchIndexRoutes)
    .route("/", progressRoutes)
    .route("/", tusRoutes)
    .route("/", trashRoutes)
    .route("/", versionRoutes)
    .route("/", activityRoutes)
    .route(
      "/",
      openApiRoutes(() => app.routes),
    );

  app.use("*", commonMiddleware(deps));
  app.route("/", healthRoutes);
  if (base) app.get("/", (c) => c.redirect(`${base}/`));
  app.route(`${base}/api`, api);
  app.route(base || "/", staticRoutes(deps));

  app.notFound((c) => c.text(errorBody(404), 404));
  app.onError(errorHandler(deps));
  return app;
}
