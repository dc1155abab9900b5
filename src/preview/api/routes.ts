/**
 * The route table of the preview API (documented in docs/preview-api.md).
 * Keys are `METHOD /path`; paths of files travel in `?path=` or the JSON
 * body, always relative to `api-docs/`.
 */
import { getFlow, getSpec, saveFile, validateDraft } from "./files.ts";
import { adHocRoute, environmentsRoute, runFlowRoute, runSpecRoute, varsRoute } from "./run.ts";
import { json, problem, readJson, stringField } from "./reply.ts";
import { dataRowsRoute, historyExchangeRoute, historyRoute, latestRunsRoute } from "./history.ts";
import { runAllRoute, stopRunAllRoute } from "./run_all.ts";
import { envFilesRoute, saveEnvRoute } from "./env.ts";
import { coverageRoute, draftSpecRoute, saveOpenApiRoute } from "./coverage.ts";
import { proxyExchangeRoute, proxyExchangesRoute, saveExchangeRoute } from "./proxy.ts";
import { applyRoute, planRoute } from "./update.ts";
import { createRoute, deleteRoute, duplicateRoute, renameRoute } from "./manage.ts";
import { fuzzRoute } from "./fuzz.ts";
import { authLoginRoute, authTokensRoute } from "./auth.ts";
import type { PreviewState } from "../state.ts";

export type Route = (state: PreviewState, request: Request, url: URL) => Promise<Response>;

async function currentWorkspace(state: PreviewState): Promise<Response> {
  return json(await state.describe());
}

async function openWorkspace(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const { view, issues } = await state.openWorkspace(stringField(body, "path")!);
  if (!view) {
    const first = issues[0];
    return problem(
      404,
      "NO_WORKSPACE",
      first?.message ?? "Not a workspace",
      first?.fix ?? "Pass a folder that holds api-docs/",
      issues,
    );
  }
  return json({ status: "ok", workspace: view });
}

function endpointIndex(state: PreviewState): Promise<Response> {
  const endpoints = state.index.endpoints();
  const broken = state.index.broken();
  return Promise.resolve(json({ count: endpoints.length, endpoints, broken }));
}

function flowIndex(state: PreviewState): Promise<Response> {
  const flows = state.index.flows();
  return Promise.resolve(json({ count: flows.length, flows }));
}

function events(state: PreviewState): Promise<Response> {
  return Promise.resolve(state.events.connect());
}

export const ROUTES = new Map<string, Route>([
  ["GET /api/workspace/current", currentWorkspace],
  ["POST /api/workspace/open", openWorkspace],
  ["GET /api/index", endpointIndex],
  ["GET /api/flows", flowIndex],
  ["GET /api/environments", environmentsRoute],
  ["GET /api/events", events],
  ["GET /api/spec", (s, _r, u) => getSpec(s, u)],
  ["PUT /api/spec", saveFile(["endpoint"])],
  ["POST /api/validate", validateDraft],
  ["GET /api/vars", (s, _r, u) => varsRoute(s, u)],
  ["POST /api/run", runSpecRoute],
  ["POST /api/request", adHocRoute],
  ["POST /api/update", planRoute],
  ["POST /api/update/apply", applyRoute],
  ["GET /api/flow", (s, _r, u) => getFlow(s, u)],
  ["PUT /api/flow", saveFile(["flow"])],
  ["POST /api/files/create", createRoute],
  ["POST /api/files/duplicate", duplicateRoute],
  ["POST /api/files/rename", renameRoute],
  ["POST /api/files/delete", deleteRoute],
  ["POST /api/flow/run", runFlowRoute],
  ["GET /api/history", (s, _r, u) => historyRoute(s, u)],
  ["GET /api/history/latest", latestRunsRoute],
  ["GET /api/history/exchange", (s, _r, u) => historyExchangeRoute(s, u)],
  ["GET /api/data", (s, _r, u) => dataRowsRoute(s, u)],
  ["POST /api/run-all", runAllRoute],
  ["POST /api/run-all/stop", stopRunAllRoute],
  ["GET /api/env-files", envFilesRoute],
  ["PUT /api/env-files", saveEnvRoute],
  ["GET /api/coverage", (s, _r, u) => coverageRoute(s, u)],
  ["POST /api/coverage/draft", draftSpecRoute],
  ["POST /api/coverage/openapi", saveOpenApiRoute],
  ["POST /api/fuzz", fuzzRoute],
  ["GET /api/proxy/exchanges", proxyExchangesRoute],
  ["GET /api/proxy/exchange", (s, _r, u) => proxyExchangeRoute(s, u)],
  ["POST /api/proxy/save", saveExchangeRoute],
  ["GET /api/auth/tokens", authTokensRoute],
  ["POST /api/auth/login", authLoginRoute],
]);

/** Methods a path answers to, for 405's Allow header. */
export function allowedMethods(pathname: string): string[] {
  return [...ROUTES.keys()].filter((key) => key.endsWith(` ${pathname}`)).map((key) =>
    key.split(" ")[0]
  );
}
