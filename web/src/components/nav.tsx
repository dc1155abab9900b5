/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The views of the workspace, at the top of the sidebar (the drawer on
 * narrow screens). A new view is one more entry.
 */
import { hrefFor, linkClick, type Route } from "../router.ts";

/** The views without parameters: each is one route name. */
type ViewName = "home" | "run" | "coverage" | "proxy" | "environments";

interface NavItem {
  route: Route;
  label: string;
  icon: string;
  testid: string;
  /** Whether the current route belongs to this view. */
  matches: (route: Route) => boolean;
}

function view(name: ViewName, label: string, icon: string): NavItem {
  return { route: { name }, label, icon, testid: `nav-${name}`, matches: (r) => r.name === name };
}

export const NAV_ITEMS: NavItem[] = [
  view("home", "Overview", "⌂"),
  view("run", "Run all", "▶"),
  view("coverage", "Coverage", "◔"),
  view("proxy", "Proxy", "⇄"),
  view("environments", "Environments", "⚙"),
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
