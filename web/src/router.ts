/** History-API routes of the UI: `/`, `/specs/<file>`, `/flows/<file>`, `/request`. */
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { name: "home" }
  | { name: "spec"; file: string }
  | { name: "flow"; file: string }
  | { name: "request" };

export function parseRoute(pathname: string): Route {
  const decoded = pathname.split("/").map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  }).join("/");
  if (decoded.startsWith("/specs/")) return { name: "spec", file: decoded.slice("/specs/".length) };
  if (decoded.startsWith("/flows/")) return { name: "flow", file: decoded.slice("/flows/".length) };
  if (decoded === "/request") return { name: "request" };
  return { name: "home" };
}

export function hrefFor(route: Route): string {
  const encode = (file: string) => file.split("/").map(encodeURIComponent).join("/");
  switch (route.name) {
    case "spec":
      return `/specs/${encode(route.file)}`;
    case "flow":
      return `/flows/${encode(route.file)}`;
    case "request":
      return "/request";
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
  if (href === location.pathname) return;
  if (leaveGuard && !leaveGuard()) return;
  history.pushState(null, "", href);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname));
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
