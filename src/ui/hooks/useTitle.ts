/** @module Sets the page title to the route name plus the instance name (docs/product.md "Route guard"). */
import { useEffect } from "react";
import { config } from "../stores/config";

/** Keeps document.title as "<title> - <instance name>" while mounted. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} - ${config.name}` : config.name;
  }, [title]);
}
