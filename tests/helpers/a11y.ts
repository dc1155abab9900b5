/// <reference lib="dom" />
/**
 * The views the accessibility tests check with axe-core: each view in the
 * state that shows the most (a failing result with its diff, a finished Run
 * all, a flow after its run, a proxy with exchanges, the accept dialog),
 * over the demo collection, the demo API and a proxy of it. One page goes
 * through them; the theme is switched in place, so each state is built once.
 */
import { assertEquals } from "@std/assert";
import type { Browser, Page } from "playwright-core";
import { startDemoApi } from "../../src/demo/api.ts";
import { writeDemoCollection } from "../../src/demo/collection.ts";
import { startProxyServer } from "../../src/proxy/serve.ts";
import { systemContext } from "../../src/adapters/system.ts";
import { startTestPreview, type TestPreview } from "./preview.ts";
import { workspace } from "./workspace.ts";
import { nameProjectOpenApi } from "./openapi_project.ts";
import { WRONG_SHAPE, WRONG_SHAPE_SPEC } from "./demo.ts";
import { axeViolations, describeViolations } from "./axe.ts";

/** Moderate rules checked too: issue 32 names the headings. */
const ALSO = new Set(["heading-order", "page-has-heading-one", "landmark-one-main"]);

export interface A11yView {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

export const A11Y_VIEWS: A11yView[] = [
  { name: "home", path: "/", ready: (p) => p.getByTestId("endpoint-count").waitFor() },
  {
    name: "spec with a failing result",
    path: `/specs/${WRONG_SHAPE}`,
    ready: async (p) => {
      await p.getByTestId("send").click();
      await p.getByTestId("verdict").waitFor();
      await p.getByTestId("body-compare").waitFor();
    },
  },
  {
    name: "side by side diff and the accept dialog",
    path: `/specs/${WRONG_SHAPE}`,
    ready: async (p) => {
      await p.getByTestId("send").click();
      await p.getByTestId("layout-split").click();
      await p.getByTestId("accept-response").click();
      await p.getByTestId("accept-dialog").waitFor();
    },
  },
  {
    name: "history",
    path: `/specs/${WRONG_SHAPE}?view=history`, // sent by the views above
    ready: (p) => p.getByTestId("history-chart").waitFor(),
  },
  {
    name: "editor",
    path: "/specs/apis/users/get-user-by-id.md?view=edit",
    ready: (p) => p.locator(".cm-content").waitFor(),
  },
  {
    name: "flow after its run",
    path: "/flows/flows/user-onboarding.md",
    ready: async (p) => {
      await p.getByTestId("run-flow").click();
      await p.getByTestId("flow-verdict").waitFor();
    },
  },
  {
    name: "request builder, auth tab, and the environment switcher open",
    path: "/request",
    ready: async (p) => {
      await p.getByTestId("request-tab-auth").click();
      await p.getByTestId("auth-type").selectOption("apikey");
      await p.getByTestId("env-switcher").locator("summary").click();
      await p.getByTestId("env-resolved").waitFor();
    },
  },
  {
    name: "the folders dialog",
    path: "/",
    ready: async (p) => {
      await p.getByTestId("endpoint-count").waitFor();
      // Below 860 px the sidebar is a drawer: open it first.
      if (await p.getByTestId("menu-toggle").isVisible()) await p.getByTestId("menu-toggle").click();
      await p.getByTestId("manage-folders").click();
      await p.getByTestId("folders").waitFor();
    },
  },
  {
    name: "run all",
    path: "/run",
    ready: async (p) => {
      await p.getByTestId("run-all").click();
      await p.getByTestId("run-summary").waitFor();
    },
  },
  {
    name: "environments",
    path: "/environments",
    ready: (p) => p.getByTestId("env-card").first().waitFor(),
  },
  {
    name: "coverage",
    path: "/coverage",
    ready: (p) => p.getByTestId("uncovered-op").first().waitFor(),
  },
  {
    name: "proxy",
    path: "/proxy",
    ready: async (p) => {
      await p.locator("[data-testid=proxy-exchange][data-result=fail] button").first().click();
      await p.getByTestId("proxy-diff").waitFor();
      await p.getByTestId("exchange-tab-response").click();
      await p.getByTestId("exchange-detail").getByText("HTTP ").waitFor();
    },
  },
];

export interface A11yProject extends AsyncDisposable {
  preview: TestPreview;
}

/** The demo collection with a failing spec and an OpenAPI document, its API, a proxy and a preview. */
export async function a11yProject(): Promise<A11yProject> {
  const api = startDemoApi();
  const ws = await workspace();
  await writeDemoCollection(ws.dir, api.url);
  await ws.write(`api-docs/${WRONG_SHAPE}`, WRONG_SHAPE_SPEC);
  await nameProjectOpenApi(ws.dir);
  const preview = await startTestPreview(ws.dir, { env: { APISPEC_AUTH_TOKEN: api.token } });
  const { proxy } = await startProxyServer({
    root: ws.path("api-docs"),
    target: new URL(api.url),
    hostname: "127.0.0.1",
    port: 0,
    timeoutMs: 5000,
  }, systemContext());
  for (const [method, path] of [["GET", "/health"], ["DELETE", "/users/1"], ["GET", "/nope"]]) {
    await (await fetch(`${proxy!.url}${path}`, { method })).body?.cancel();
  }
  await proxy!.handler.settled();
  return {
    preview,
    async [Symbol.asyncDispose]() {
      await proxy!.close();
      await preview[Symbol.asyncDispose]();
      await api.close();
      await ws[Symbol.asyncDispose]();
    },
  };
}

/**
 * Every view at one width, in both themes: no serious or critical axe
 * violation, no heading-order or missing h1 or main, and one h1.
 */
export async function checkViews(
  browser: Browser,
  url: string,
  width: number,
  extra: (page: Page, check: (what: string) => Promise<void>) => Promise<void> = async () => {},
): Promise<void> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const found: string[] = [];
  const check = async (what: string) => {
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
      const violations = (await axeViolations(page)).filter((v) =>
        v.impact === "serious" || v.impact === "critical" || ALSO.has(v.id)
      );
      if (violations.length) {
        found.push(`${what}, ${theme}, ${width} px:\n${describeViolations(violations)}`);
      }
    }
    assertEquals(await page.locator("h1").count(), 1, `${what}: one h1`);
  };
  for (const view of A11Y_VIEWS) {
    await page.goto(url + view.path);
    await view.ready(page);
    await check(view.name);
  }
  await extra(page, check);
  await page.close();
  assertEquals(found, [], found.join("\n\n"));
  assertEquals(errors, []);
}
