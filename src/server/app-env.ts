/** @module The Hono environment type shared by routes: what middleware puts on the context. */
import type { Deps } from "./deps";
import type { User } from "./users/types";

export interface AppEnv {
  Variables: {
    deps: Deps;
    /** Set by requireAuth: the current user, freshly read from the store. */
    user: User;
    /** Set by requireAuth: the login session of the request (absent in no-auth mode). */
    sessionId?: string;
    /**
     * Set when a read-only media token authorized the request: the path prefix it covers. The path resolver
     * (routes/request/request-path.ts) refuses every path outside it.
     */
    mediaPrefix?: string;
    /** Set by the public share routes: the shared path; its archives leave out the dot names its listing hides. */
    sharePath?: string;
  };
}
