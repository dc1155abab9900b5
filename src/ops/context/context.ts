/**
 * Gathers what context is rendered from: the collection root, the target
 * files (named, a flow and its steps, changed since a ref, or the whole
 * collection as an overview), their parsed specs and variables; then renders
 * them with `engine/render/context.ts`. Shared by `apispec_context`,
 * `apispec context` and `apispec agent pack`.
 */
import { dirname, relative, resolve } from "../../adapters/path.ts";
import { EXIT, type ExitCode, exitCodeFor, type Issue, issue } from "../../engine/issue.ts";
import type { AuthKind, EndpointSpec } from "../../engine/model.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { usedVariables } from "../../engine/resolve/build.ts";
import {
  type ContextEndpoint,
  type ContextFlow,
  type OverviewEntry,
  renderContext,
} from "../../engine/render/context.ts";
import { type ContextMode, selectParts } from "../../engine/render/context_intent.ts";
import { isDirectory, readText } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath, findCollectionRoot, loadCollection } from "../collection/load.ts";
import { SpecIndexCache } from "../collection/spec_index.ts";
import { kindOf } from "../collection/file_kind.ts";
import { changedTargets, findTarget, type TargetFile } from "./context_targets.ts";
import { overviewOf, readFlow, resolveVariables } from "./context_sources.ts";

export interface ContextRequest {
  /** Paths, endpoint or flow ids, `METHOD /path` or `flow <name>`. */
  targets: string[];
  changedFrom?: string;
  /** Docs root; `api-docs` (the default) falls back to collection discovery. */
  root?: string;
  env?: string;
  tokenBudget: number;
  mode: ContextMode;
  intent: string;
  brief: boolean;
  maxFields: number;
  include?: string;
  noGuidance: boolean;
  verbose: boolean;
  /** Variable order for the debug intent's resolution check. */
  order: "cli" | "tool";
  session?: Record<string, string>;
  config?: string;
}

export interface ContextResult {
  text: string;
  tokens: number;
  omitted: number;
  contract?: unknown;
  /** The targets as asked, or null for the whole collection / changed specs. */
  target: string | null;
  root: string;
  env: string;
  mode: ContextMode;
  intent: string;
  token_budget: number;
  /** Collection facts for the agent pack's scope section. */
  collection: { endpoints: number; flows: number; projectRoot: string; name: string };
  issues: Issue[];
  exitCode: ExitCode;
}

const MAX_RELATED = 12;

async function contextRoot(request: ContextRequest, ctx: OpsContext): Promise<string | Issue> {
  if (request.config) return await findCollectionRoot({ config: request.config }, ctx);
  const given = request.root ?? "api-docs";
  const direct = resolve(ctx.cwd, given);
  if (await isDirectory(direct)) return direct;
  if (given === "api-docs") {
    const found = await findCollectionRoot({}, ctx);
    if (await isDirectory(found)) return found;
  }
  return issue("USAGE", `Docs root "${given}" does not exist`, {
    fix: "Pass the folder that holds the specs (--root / root), or run `apispec init`",
  });
}

export async function buildContext(
  request: ContextRequest,
  ctx: OpsContext,
  indexes: SpecIndexCache = new SpecIndexCache({ watch: false }),
): Promise<ContextResult> {
  const issues: Issue[] = [];
  const { parts, issues: partIssues } = selectParts(request);
  issues.push(...partIssues);
  for (
    const [name, value] of [["token budget", request.tokenBudget], [
      "max fields",
      request.maxFields,
    ]] as const
  ) {
    if (!(value >= 1)) {
      issues.push(issue("USAGE", `The ${name} must be at least 1, got ${value}`, {
        fix: `Pass a positive whole number as the ${name}`,
      }));
    }
  }
  const rootOrIssue = await contextRoot(request, ctx);
  const root = typeof rootOrIssue === "string" ? rootOrIssue : resolve(ctx.cwd, "api-docs");
  if (typeof rootOrIssue !== "string") issues.push(rootOrIssue);
  const projectRoot = dirname(root);
  const show = (path: string) => displayPath(path, projectRoot);
  const collection = await loadCollection(root, ctx, request.config);
  const env = request.env ?? collection.config.defaultEnv;
  const entries = issues.length ? [] : await indexes.get(root).entries();
  const base = {
    target: request.targets.length ? request.targets.join(", ") : null,
    root: displayPath(root, ctx.cwd),
    env,
    mode: request.mode,
    intent: request.intent,
    token_budget: request.tokenBudget,
    collection: {
      endpoints: entries.filter((e) => e.kind === "endpoint").length,
      flows: entries.filter((e) => e.kind === "flow").length,
      projectRoot,
      name: collection.config.name,
    },
  };

  const files: TargetFile[] = [];
  for (const target of issues.length ? [] : request.targets) {
    const found = await findTarget(target, entries, root, ctx.cwd);
    if ("code" in found) issues.push(found);
    else files.push(found);
  }
  if (request.changedFrom && issues.length === 0) {
    const changed = await changedTargets(request.changedFrom, root, ctx.cwd);
    if ("code" in changed) issues.push(changed);
    else files.push(...changed);
  }
  if (issues.some((i) => i.severity === "error")) {
    return { ...base, text: "", tokens: 0, omitted: 0, issues, exitCode: exitCodeFor(issues) };
  }

  const parsed = new Map<string, { spec?: EndpointSpec; error?: string }>();
  const readEndpoint = async (path: string) => {
    if (!parsed.has(path)) {
      let text: string | undefined;
      try {
        text = await readText(path);
      } catch {
        parsed.set(path, { error: "cannot be read" });
      }
      if (text !== undefined) {
        const { spec, issues: found } = parseEndpoint(text, show(path));
        const first = found.find((i) => i.severity === "error");
        parsed.set(
          path,
          spec
            ? { spec }
            : { error: `${first?.message}${first?.line ? ` (line ${first.line})` : ""}` },
        );
      }
    }
    return parsed.get(path)!;
  };

  const endpoints: ContextEndpoint[] = [];
  const flows: ContextFlow[] = [];
  const invalid: { file: string; message: string }[] = [];
  const seen = new Set<string>();
  const addEndpoint = async (
    path: string,
    role: ContextEndpoint["role"],
    captured = new Set<string>(),
  ) => {
    if (seen.has(path)) return;
    seen.add(path);
    const { spec, error } = await readEndpoint(path);
    if (!spec) return invalid.push({ file: show(path), message: error ?? "invalid" });
    const auth = spec.auth ?? collection.config.auth;
    endpoints.push({
      file: show(path),
      spec,
      auth,
      variables: variablesOf(spec, auth, captured),
      role,
    });
  };
  const variablesOf = (spec: EndpointSpec, auth: AuthKind, captured: Set<string>) => {
    const names = usedVariables(spec, auth, collection.config).map((u) => u.name);
    // Only debugging needs to know what resolves; elsewhere the names are enough.
    if (request.intent !== "debug") return names.map((name) => ({ name }));
    return resolveVariables(names, spec, collection, env, request, ctx)
      .map((v) => captured.has(v.name) ? { name: v.name, resolved: true } : v);
  };

  // Targets first, then the steps of flows that are not targets themselves.
  for (const file of files.filter((f) => f.kind === "endpoint")) {
    await addEndpoint(file.path, "target");
  }
  const steps: { path: string; captured: Set<string> }[] = [];
  for (const file of files.filter((f) => f.kind === "flow")) {
    const flow = await readFlow(file.path, root, show);
    if ("message" in flow) invalid.push(flow);
    else {
      flows.push(flow.flow);
      // A step's variables may come from captures of the steps before it.
      const captured = new Set<string>();
      flow.flow.steps.forEach((step, i) => {
        steps.push({ path: flow.stepPaths[i], captured: new Set(captured) });
        step.captures.forEach((c) => captured.add(c));
      });
    }
  }
  // A step that runs a sub-flow shows as its file; its steps are that flow's context.
  for (const step of steps) {
    if (kindOf(relative(root, step.path)) !== "flow") {
      await addEndpoint(step.path, "step", step.captured);
    }
  }

  const named = request.targets.length > 0 || request.changedFrom !== undefined;
  const overview: OverviewEntry[] = named ? [] : overviewOf(entries, root, show);
  const resources = new Set(
    endpoints.filter((e) => e.role === "target").map((e) => e.spec.resource),
  );
  const related: OverviewEntry[] = request.mode === "compact"
    ? overviewOf(
      entries.filter((e) => resources.has(e.resource) && !seen.has(resolve(root, e.file))),
      root,
      show,
    ).filter((o) => o.kind === "endpoint").slice(0, MAX_RELATED)
    : [];
  const rootShown = show(root);
  const scope = request.changedFrom
    ? `${files.length ? files.length : "no"} spec${
      files.length === 1 ? "" : "s"
    } changed since ${request.changedFrom}`
    : named
    ? request.targets.join(", ")
    : `collection ${collection.config.name} (${plural(base.collection.endpoints, "endpoint")}, ${
      plural(base.collection.flows, "flow")
    })`;
  const scopeVerify = request.changedFrom
    ? [`apispec check ${rootShown} --changed-from ${request.changedFrom}`]
    : named
    ? []
    : [`apispec validate ${rootShown}`];
  const rendered = renderContext({
    intent: request.intent,
    mode: request.mode,
    env,
    tokenBudget: request.tokenBudget,
    maxFields: request.maxFields,
    parts,
    verbose: request.verbose,
    scope,
    endpoints,
    flows,
    invalid,
    overview,
    related,
    scopeVerify,
  });
  return { ...base, ...rendered, issues, exitCode: EXIT.passed };
}

/** `1 flow`, `2 flows`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
