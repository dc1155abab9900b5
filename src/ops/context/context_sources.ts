/**
 * Where context's facts come from: the collection overview, a flow and its
 * steps, and whether variables resolve (the debug intent). Values of
 * variables never leave this module.
 */
import { resolve } from "../../adapters/path.ts";
import type { EndpointSpec } from "../../engine/model.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import { CLI_ORDER, lookupVar, TOOL_ORDER } from "../../engine/resolve/layers.ts";
import type { ContextFlow, OverviewEntry } from "../../engine/render/context.ts";
import { readText } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { buildLayers, type Collection, selectEnv } from "../collection/load.ts";
import { OS_PREFIXES } from "../run/exec.ts";
import type { SpecSummary } from "../collection/spec_index.ts";
import { resolveStepPath } from "../collection/validate.ts";

export function overviewOf(
  entries: SpecSummary[],
  root: string,
  show: (p: string) => string,
): OverviewEntry[] {
  const endpoints = entries.filter((e) => e.kind === "endpoint")
    .sort((a, b) =>
      a.resource.localeCompare(b.resource) || a.path.localeCompare(b.path) ||
      a.method.localeCompare(b.method)
    );
  const flows = entries.filter((e) => e.kind === "flow");
  return [...endpoints, ...flows].map((e) => ({
    kind: e.kind,
    file: show(resolve(root, e.file)),
    method: e.method,
    path: e.path,
    title: e.kind === "flow" ? e.name : e.title,
  }));
}

export async function readFlow(
  path: string,
  root: string,
  show: (p: string) => string,
): Promise<{ flow: ContextFlow; stepPaths: string[] } | { file: string; message: string }> {
  let text: string;
  try {
    text = await readText(path);
  } catch {
    return { file: show(path), message: "cannot be read" };
  }
  const { flow, issues } = parseFlow(text, show(path));
  if (!flow) {
    const first = issues.find((i) => i.severity === "error");
    return {
      file: show(path),
      message: `${first?.message}${first?.line ? ` (line ${first.line})` : ""}`,
    };
  }
  const stepPaths = flow.steps.map((s) => resolveStepPath(s.endpoint, path, root));
  const steps = await Promise.all(flow.steps.map(async (step, i) => {
    let method: string | undefined;
    let stepPath: string | undefined;
    try {
      const spec = parseEndpoint(await readText(stepPaths[i]), step.endpoint).spec;
      method = spec?.method;
      stepPath = spec?.path;
    } catch { /* a missing step file shows as its path */ }
    return {
      name: step.name,
      file: show(stepPaths[i]),
      method,
      path: stepPath,
      captures: step.captures.map((c) => c.variable),
      injects: step.injects.map((inj) => inj.variable),
    };
  }));
  return { flow: { file: show(path), name: flow.name, title: flow.title, steps }, stepPaths };
}

/** Whether each variable resolves in the environment, as a run would see it (values never leave). */
export function resolveVariables(
  names: string[],
  spec: EndpointSpec,
  collection: Collection,
  env: string,
  request: { order: "cli" | "tool"; session?: Record<string, string> },
  ctx: OpsContext,
): { name: string; resolved?: boolean }[] {
  if (selectEnv(collection, env).issues.length > 0) return names.map((name) => ({ name }));
  const layers = buildLayers(
    collection,
    env,
    { frontmatter: spec.vars, session: request.session },
    request.order === "tool" ? TOOL_ORDER : CLI_ORDER,
    [...OS_PREFIXES[request.order]],
    ctx.env,
  );
  return names.map((name) => ({ name, resolved: lookupVar(layers, name) !== undefined }));
}
