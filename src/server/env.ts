/** @module The Hono environment type shared by routes: what middleware puts on the context. */
import type { Deps } from "./deps";
import type { User } from "./users/types";

export interface AppEnv {
  Variables: {
    deps: Deps;
    /** Set by requireAuth: the current user, freshly read from the store. */
    user: User;
  };
}
