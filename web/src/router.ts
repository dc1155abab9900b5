/**
 * History-API routes of the UI: `/`, `/specs/<file>` (`?view=history` for its
 * History tab, `?view=edit` for its editor), `/flows/<file>`, `/request`,
 * `/run` (Run all), `/environments`, `/coverage` (`?openapi=<path>` for
 * another document) and `/proxy`.
 */
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { name: "home" }
  | { name: "spec"; file: string; view?: "history" | "edit" }
  | { name: "flow"; file: string }
  | { name: "request" }
  | { name: "run" }
  | { name: "environments" }
  | { name: "coverage"; openapi?: string }
  | { name: "proxy" };

export function parseRoute(pathname: string, search = ""): Route {
  const decoded = pathname.split("/").map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  }).join("/");
  if (decoded.startsWith("/specs/")) {
    const file = decoded.slice("/specs/".length);
    const view = new URLSearchParams(search).get("view");
    return view === "history" || view === "edit"
      ? { name: "spec", file, view }
      : { name: "spec", file };
  }
  if (decoded.startsWith("/flows/")) return { name: "flow", file: decoded.slice("/flows/".length) };
  if (decoded === "/request") return { name: "request" };
  if (decoded === "/run") return { name: "run" };
  if (decoded === "/environments") return { name: "environments" };
  if (decoded === "/coverage") {
    const openapi = new URLSearchParams(search).get("openapi");
    return openapi === null ? { name: "coverage" } : { name: "coverage", openapi };
  }
  if (decoded === "/proxy") return { name: "proxy" };
  return { name: "home" };
}

export function hrefFor(route: Route): string {
  const encode = (file: string) => file.split("/").map(encodeURIComponent).join("/");
  switch (route.name) {
    case "spec":
      return `/specs/${encode(route.file)}${route.view ? `?view=${route.view}` : ""}`;
    case "flow":
      return `/flows/${encode(route.file)}`;
    case "request":
      return "/request";
    case "run":
      return "/run";
    case "environments":
      return "/environments";
    case "coverage":
      return route.openapi === undefined
        ? "/coverage"
        : `/coverage?openapi=${encodeURIComponent(route.openapi)}`;
    case "proxy":
      return "/proxy";
    default:
      return "/";
  }
}

/** Guards navigation away from unsaved edits. */
let leaveGuard: (() => boolean) | undefined;
export function setLeaveGuard(guard: (() => boolean) | undefined): void {
  leaveGuard = guard;
}

export function navigate(href: string): void {
  if (href === location.pathname + location.search) return;
  if (leaveGuard && !leaveGuard()) return;
  history.pushState(null, "", href);
  dispatchEvent(new PopStateEvent("popstate"));
}

/**
 * After a route change, focus belongs on the new page's title (its h1), as
 * a screen reader or keyboard user would expect; the title takes the
 * request when it appears (pages load their data first). A request not
 * taken within a few seconds lapses, so a late render never steals focus.
 */
let focusRequestedAt = 0;

export function takeFocusRequest(): boolean {
  const pending = focusRequestedAt > 0 && performance.now() - focusRequestedAt < 5000;
  focusRequestedAt = 0;
  return pending;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname, location.search));
  useEffect(() => {
    const update = () => {
      focusRequestedAt = performance.now();
      setRoute(parseRoute(location.pathname, location.search));
    };
    addEventListener("popstate", update);
    return () => removeEventListener("popstate", update);
  }, []);
  return route;
}

/** Click handler for in-app links: plain clicks navigate without a reload. */
export function linkClick(event: MouseEvent, href: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  event.preventDefault();
  navigate(href);
}
