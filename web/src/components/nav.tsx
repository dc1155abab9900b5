/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The views of the workspace, at the top of the sidebar (the drawer on
 * narrow screens). A new view is one more entry: the Coverage view slots in
 * after Run all.
 */
import { hrefFor, linkClick, type Route } from "../router.ts";

interface NavItem {
  route: Route;
  label: string;
  icon: string;
  testid: string;
  /** Whether the current route belongs to this view. */
  matches: (route: Route) => boolean;
}

export const NAV_ITEMS: NavItem[] = [
  {
    route: { name: "home" },
    label: "Overview",
    icon: "⌂",
    testid: "nav-home",
    matches: (r) => r.name === "home",
  },
  {
    route: { name: "run" },
    label: "Run all",
    icon: "▶",
    testid: "nav-run",
    matches: (r) => r.name === "run",
  },
  {
    route: { name: "environments" },
    label: "Environments",
    icon: "⚙",
    testid: "nav-environments",
    matches: (r) => r.name === "environments",
  },
];

export function NavLinks({ route }: { route: Route }) {
  return (
    <ul class="nav" role="list">
      {NAV_ITEMS.map((item) => {
        const href = hrefFor(item.route);
        const active = item.matches(route);
        return (
          <li key={item.testid}>
            <a
              href={href}
              class={active ? "active" : ""}
              aria-current={active ? "page" : undefined}
              onClick={(e) => linkClick(e, href)}
              data-testid={item.testid}
            >
              <span class="nav-icon" aria-hidden="true">{item.icon}</span>
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
