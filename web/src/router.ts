/**
 * History-API routes of the UI: `/`, `/specs/<file>` (`?view=history` for its
 * History tab), `/flows/<file>`, `/request`, `/run` (Run all) and
 * `/environments`.
 */
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { name: "home" }
  | { name: "spec"; file: string; view?: "history" }
  | { name: "flow"; file: string }
  | { name: "request" }
  | { name: "run" }
  | { name: "environments" };

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
    return new URLSearchParams(search).get("view") === "history"
      ? { name: "spec", file, view: "history" }
      : { name: "spec", file };
  }
  if (decoded.startsWith("/flows/")) return { name: "flow", file: decoded.slice("/flows/".length) };
  if (decoded === "/request") return { name: "request" };
  if (decoded === "/run") return { name: "run" };
  if (decoded === "/environments") return { name: "environments" };
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

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname, location.search));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname, location.search));
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
