/// <reference lib="dom" />
/**
 * Every view of the UI in the state that shows the most (a failing result
 * with its diff, the accept dialog, a finished Run all, a flow after its
 * run, the request builder's auth tab with the environment switcher open, a
 * dialog, a proxy exchange opened), over the demo collection with a failing
 * spec and an OpenAPI document, the demo API and a proxy of it with a
 * passing, a failing and a long undocumented exchange. The layout and the
 * accessibility tests walk the same list.
 */
import type { Page } from "playwright-core";
import { startDemoApi } from "../../src/demo/api.ts";
import { writeDemoCollection } from "../../src/demo/collection.ts";
import { startProxyServer } from "../../src/proxy/serve.ts";
import { systemContext } from "../../src/adapters/system.ts";
import { startTestPreview, type TestPreview } from "./preview.ts";
import { workspace } from "./workspace.ts";
import { nameProjectOpenApi } from "./openapi_project.ts";
import { WRONG_SHAPE, WRONG_SHAPE_SPEC } from "./demo.ts";

export interface UiView {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

export const UI_VIEWS: UiView[] = [
  { name: "home", path: "/", ready: (p) => p.getByTestId("endpoint-count").waitFor() },
  {
    name: "spec-result",
    path: `/specs/${WRONG_SHAPE}`,
    ready: async (p) => {
      await p.getByTestId("send").click();
      await p.getByTestId("verdict").waitFor();
      await p.getByTestId("body-compare").waitFor();
    },
  },
  {
    name: "accept-dialog",
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
    name: "flow",
    path: "/flows/flows/user-onboarding.md",
    ready: async (p) => {
      await p.getByTestId("run-flow").click();
      await p.getByTestId("flow-verdict").waitFor();
    },
  },
  {
    name: "request",
    path: "/request",
    ready: async (p) => {
      await p.getByTestId("request-tab-auth").click();
      await p.getByTestId("auth-type").selectOption("apikey");
      await p.getByTestId("env-switcher").locator("summary").click();
      await p.getByTestId("env-resolved").waitFor();
    },
  },
  {
    name: "folders-dialog",
    path: "/",
    ready: async (p) => {
      await p.getByTestId("endpoint-count").waitFor();
      // Below 860 px the sidebar is a drawer: open it first.
      if (await p.getByTestId("menu-toggle").isVisible()) {
        await p.getByTestId("menu-toggle").click();
      }
      await p.getByTestId("manage-folders").click();
      await p.getByTestId("folders").waitFor();
    },
  },
  {
    name: "run-all",
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

export interface UiViewsProject extends AsyncDisposable {
  preview: TestPreview;
}

/** The demo collection with a failing spec and an OpenAPI document, its API, a proxy and a preview. */
export async function uiViewsProject(): Promise<UiViewsProject> {
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
  for (
    const [method, path] of [
      ["GET", "/health"],
      ["DELETE", "/users/1"],
      ["GET", "/a/rather/long/undocumented/path/that/must/wrap/at/360/px"],
    ]
  ) {
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
