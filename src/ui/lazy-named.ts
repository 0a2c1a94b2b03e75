/** @module Code splitting of components exported by name (React.lazy wants a default export). */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * A component whose module loads on first render, taken from the module's named export `name`. Render it
 * under a Suspense boundary; a failed chunk load rejects into the nearest error boundary.
 */
// `any` props, as in React's own typing of lazy(): the component's real props come back through M[K].
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
