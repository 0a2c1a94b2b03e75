/**
 * @module The one route table (docs/product.md "Routes"): routes with guards and title keys, RequireAuth, catch-all.
 */
import { Suspense, useEffect, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { useAuth } from "./stores/auth";
import { config } from "./stores/config";
import { clearSelection } from "./stores/selection";
import { closePrompt, setSidebarOpen } from "./stores/layout";
import { useTitle } from "./hooks/useTitle";
import { safeRedirect } from "./auth/login-errors";
import { AppLayout } from "./components/layout/AppLayout";
import { LoginPage } from "./pages/LoginPage";
import { FilesPage } from "./pages/FilesPage";
import { ErrorPage } from "./pages/ErrorPage";
import { LoadingView } from "./components/common/LoadingView";
import { lazyNamed } from "./lazy-named";

/** Default route after login (docs/product.md "Routes"). */
const DEFAULT_REDIRECT = "/files/";

// The settings pages load on first visit, keeping their code out of the files view's first load.
const ProfilePage = lazyNamed(() => import("./pages/settings/ProfilePage"), "ProfilePage");
const GlobalSettingsPage = lazyNamed(() => import("./pages/settings/GlobalSettingsPage"), "GlobalSettingsPage");
const UsersPage = lazyNamed(() => import("./pages/settings/UsersPage"), "UsersPage");
const UserEditPage = lazyNamed(() => import("./pages/settings/UserEditPage"), "UserEditPage");
const FailedLogsPage = lazyNamed(() => import("./pages/settings/FailedLogsPage"), "FailedLogsPage");
const ActivityPage = lazyNamed(() => import("./pages/settings/ActivityPage"), "ActivityPage");
const SharedLinksPage = lazyNamed(() => import("./pages/SharedLinksPage"), "SharedLinksPage");
const TrashPage = lazyNamed(() => import("./pages/TrashPage"), "TrashPage");
// The public share page loads on first visit too, keeping it (and the QR code library) out of the first load.
const SharePage = lazyNamed(() => import("./pages/SharePage"), "SharePage");

/** public: anyone; guest: only logged-out visitors (/login); login: a session; admin: a session with admin. */
export type Guard = "public" | "guest" | "login" | "admin";

type TitleKey =
  | "routes.login"
  | "routes.files"
  | "routes.settings"
  | "routes.forbidden"
  | "routes.notFound"
  | "routes.internal"
  | "routes.globalSettings"
  | "routes.users"
  | "routes.newUser"
  | "routes.editUser"
  | "routes.failedLogs"
  | "routes.activity"
  | "routes.sharedLinks"
  | "routes.trash";

/** One route: a page in a frame, or a redirect. */
export interface RouteDef {
  path: string;
  guard: Guard;
  titleKey?: TitleKey;
  page?: ComponentType;
  /** "plain" pages stand alone (login); "app" pages sit in the header/sidebar frame. */
  frame?: "plain" | "app";
  redirect?: string;
}

/** Every route of the UI, in match order ("/files/*" before "/files", whose pattern also takes "/files/"). */
export const ROUTES: readonly RouteDef[] = [
  { path: "/login", guard: "guest", titleKey: "routes.login", page: LoginPage, frame: "plain" },
  { path: "/files/*", guard: "login", titleKey: "routes.files", page: FilesPage, frame: "app" },
  { path: "/files", guard: "login", redirect: "/files/" },
  { path: "/shared", guard: "admin", titleKey: "routes.sharedLinks", page: SharedLinksPage, frame: "app" },
  { path: "/trash", guard: "login", titleKey: "routes.trash", page: TrashPage, frame: "app" },
  { path: "/settings", guard: "login", redirect: "/settings/profile" },
  { path: "/settings/profile", guard: "login", titleKey: "routes.settings", page: ProfilePage, frame: "app" },
  {
    path: "/settings/global",
    guard: "admin",
    titleKey: "routes.globalSettings",
    page: GlobalSettingsPage,
    frame: "app",
  },
  { path: "/settings/users", guard: "admin", titleKey: "routes.users", page: UsersPage, frame: "app" },
  { path: "/settings/users/new", guard: "admin", titleKey: "routes.newUser", page: UserEditPage, frame: "app" },
  { path: "/settings/users/:id", guard: "admin", titleKey: "routes.editUser", page: UserEditPage, frame: "app" },
  { path: "/settings/logs", guard: "admin", titleKey: "routes.failedLogs", page: FailedLogsPage, frame: "app" },
  { path: "/settings/activity", guard: "admin", titleKey: "routes.activity", page: ActivityPage, frame: "app" },
  { path: "/share/*", guard: "public", page: SharePage, frame: "plain" },
  {
    path: "/403",
    guard: "public",
    titleKey: "routes.forbidden",
    page: () => <ErrorPage kind="forbidden" />,
    frame: "app",
  },
  {
    path: "/404",
    guard: "public",
    titleKey: "routes.notFound",
    page: () => <ErrorPage kind="notFound" />,
    frame: "app",
  },
  {
    path: "/500",
    guard: "public",
    titleKey: "routes.internal",
    page: () => <ErrorPage kind="internal" />,
    frame: "app",
  },
];

/** The full wanted path below the base URL, with its query (for the login redirect). */
function wantedPath(): string {
  const { pathname, search } = window.location;
  const below =
    config.baseURL && pathname.startsWith(config.baseURL) ? pathname.slice(config.baseURL.length) : pathname;
  return `${below || "/"}${search}`;
}

/**
 * The guard (docs/product.md "Route guard"): login routes send visitors to /login?redirect=<wanted path>; admin routes
 * send non-admins to /403; /login sends a logged-in user to the redirect query (default /files/).
 */
export function RequireAuth({ guard, children }: { guard: Guard; children: ReactNode }) {
  const { user } = useAuth();
  useSearch(); // re-render on query changes; the raw query is read below, as wouter's copy is partly decoded
  if (guard === "guest" && user) {
    const wanted = new URLSearchParams(window.location.search).get("redirect");
    return <Redirect to={safeRedirect(wanted, DEFAULT_REDIRECT)} replace />;
  }
  if ((guard === "login" || guard === "admin") && !user) {
    return <Redirect to={`/login?redirect=${encodeURIComponent(wantedPath())}`} replace />;
  }
  if (guard === "admin" && !user?.perm.admin) return <Redirect to="/403" replace />;
  return <>{children}</>;
}

function RoutePage({ def }: { def: RouteDef }) {
  const { t } = useTranslation();
  useTitle(def.titleKey ? t(def.titleKey) : "");
  const Page = def.page!;
  const page = (
    <Suspense fallback={<LoadingView />}>
      <Page />
    </Suspense>
  );
  return def.frame === "plain" ? page : <AppLayout>{page}</AppLayout>;
}

function CatchAll() {
  const [location] = useLocation();
  return <Redirect to={`/files${location === "/" ? "/" : location}`} replace />;
}

/** Resets selection, prompts and the drawer on every route change (docs/product.md "Layout"). */
function useRouteReset(): void {
  const [location] = useLocation();
  useEffect(() => {
    clearSelection();
    closePrompt();
    setSidebarOpen(false);
  }, [location]);
}

/** Renders the route table. */
export function AppRoutes() {
  useRouteReset();
  return (
    <Switch>
      {ROUTES.map((def) => (
        <Route key={def.path} path={def.path}>
          <RequireAuth guard={def.guard}>
            {def.redirect ? <Redirect to={def.redirect} replace /> : <RoutePage def={def} />}
          </RequireAuth>
        </Route>
      ))}
      <Route>
        <CatchAll />
      </Route>
    </Switch>
  );
}
