/**
 * Reads a flow and everything it names before anything runs: its endpoint
 * files, the flows it runs as steps (and theirs, each file once), each
 * secret-scanned and parsed. `validate`, `flow`, the tool server and the UI
 * all load flows through this, so they agree on what is wrong and where.
 */
import { type Issue, issue } from "../../engine/issue.ts";
import type { FlowSpec } from "../../engine/model.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import type { FlowFile, PlanSources } from "../../engine/flow/plan.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import { readTextSync } from "../../adapters/fs.ts";
import { declaredKind } from "../../engine/parse/declared_kind.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { type LoadedEndpoint, loadEndpoint } from "../run/exec.ts";
import { displayPath, resolveStepPath } from "../collection/load.ts";
import { kindOf } from "../collection/file_kind.ts";

export interface FlowTree extends PlanSources {
  /** Absolute path of the flow that runs. */
  root: string;
  /** Absolute path → loaded endpoint file. */
  loaded: Map<string, LoadedEndpoint>;
  issues: Issue[];
  /** Display path → text of every file read, for caret rendering. */
  sources: Map<string, string>;
}

/**
 * Loads the flow at `path` (its text may be given, e.g. an unsaved draft)
 * and every file below it. Problems become issues on the step that names the
 * file, never exceptions.
 */
export async function loadFlowTree(
  path: string,
  options: {
    collectionRoot: string;
    /** The flow's text, when it is not (yet) the file's. */
    text?: string;
    /** How messages name the flow; default: its path from the working folder. */
    file?: string;
    /** Also list each endpoint file's own issues (a run shows them; `validate` lists them per file). */
    endpointIssues?: boolean;
  },
  ctx: Pick<OpsContext, "cwd">,
): Promise<FlowTree> {
  const tree: FlowTree = {
    root: path,
    flows: new Map(),
    endpoints: new Map(),
    loaded: new Map(),
    issues: [],
    sources: new Map(),
  };
  const file = options.file ?? displayPath(path, ctx.cwd);
  const text = options.text ?? readFlowText(path, file, tree.issues);
  if (text === undefined) return tree;
  if (declaredKind(text) === "endpoint") {
    tree.issues.push(issue("USAGE", `${file} is an endpoint file, not a flow`, {
      file,
      fix: `Run it with \`apispec exec ${file}\`; a flow says \`type: pipeline\` and lists its ` +
        "## Steps",
    }));
    return tree;
  }
  const pending: { path: string; text: string }[] = [{ path, text }];
  while (pending.length > 0) {
    const next = pending.shift()!;
    const name = next.path === path ? file : displayPath(next.path, ctx.cwd);
    const flow = readFlow(next.path, name, next.text, tree);
    if (!flow) continue;
    const targets: FlowFile["targets"] = [];
    for (const step of flow.steps) {
      const target = resolveStepPath(step.endpoint, next.path, options.collectionRoot);
      const stepText = peek(target);
      const kind = isFlow(target, stepText, options.collectionRoot) ? "flow" : "request";
      targets.push({ key: target, kind });
      if (kind === "flow") {
        if (tree.flows.has(target) || pending.some((p) => p.path === target)) continue;
        if (stepText === undefined) {
          tree.issues.push(missingStep(flow, step.line, step.name, step.endpoint));
        } else pending.push({ path: target, text: stepText });
        continue;
      }
      await loadStepEndpoint(
        tree,
        { flow, step, target, own: options.endpointIssues ?? true },
        ctx,
      );
    }
    tree.flows.set(next.path, { flow, targets });
  }
  return tree;
}

function readFlowText(path: string, file: string, issues: Issue[]): string | undefined {
  const read = readTextSync(path);
  if (read.ok) return read.text;
  const missing = read.error instanceof Deno.errors.NotFound;
  issues.push(issue(
    missing ? "USAGE" : "ENGINE_ERROR",
    missing ? `Flow file ${file} does not exist` : `Cannot read ${file}: ${read.error.message}`,
    {
      file,
      fix: missing
        ? "Check the path; paths may be relative to the working folder or to api-docs/"
        : "Check the file's permissions",
    },
  ));
  return undefined;
}

/** Parses and secret-scans one flow file; a placeholder entry keeps a broken one from being read twice. */
function readFlow(path: string, file: string, text: string, tree: FlowTree) {
  tree.sources.set(file, text);
  // Partial: a flow whose lines have errors still names its steps, so they are checked too.
  const parsed = parseFlow(text, file, { partial: true });
  tree.issues.push(...scanSecrets(text, file), ...parsed.issues);
  if (!parsed.flow) tree.flows.set(path, { flow: emptyFlow(file), targets: [] });
  return parsed.flow;
}

function emptyFlow(file: string): FlowSpec {
  return {
    kind: "flow",
    file,
    name: file,
    title: file,
    description: "",
    parallel: false,
    continueOnError: false,
    steps: [],
  };
}

function peek(path: string): string | undefined {
  const read = readTextSync(path);
  return read.ok ? read.text : undefined;
}

/** A step runs a flow when its file sits in a flows/ or pipelines/ folder or says `type: pipeline`. */
function isFlow(path: string, text: string | undefined, collectionRoot: string): boolean {
  const relative = path.startsWith(collectionRoot + "/")
    ? path.slice(collectionRoot.length + 1)
    : path;
  if (kindOf(relative) === "flow") return true;
  return text !== undefined && declaredKind(text) === "flow";
}

async function loadStepEndpoint(
  tree: FlowTree,
  where: { flow: FlowSpec; step: FlowSpec["steps"][number]; target: string; own: boolean },
  ctx: Pick<OpsContext, "cwd">,
) {
  const { flow, step, target } = where;
  let loaded = tree.loaded.get(target);
  const first = !loaded;
  if (!loaded) {
    loaded = await loadEndpoint(target, ctx);
    tree.loaded.set(target, loaded);
    tree.endpoints.set(target, loaded.text);
    if (loaded.text !== undefined) tree.sources.set(loaded.file, loaded.text);
  }
  const error = loaded.issues.find((i) => i.severity === "error");
  if (error) {
    tree.issues.push(
      error.code === "USAGE"
        ? missingStep(flow, step.line, step.name, step.endpoint)
        : issue(error.code, `Step "${step.name}" cannot run: ${lowerFirst(error.message)}`, {
          file: flow.file,
          line: step.line,
          fix: `Fix ${step.endpoint} (run \`apispec validate ${loaded.file}\`)`,
        }),
    );
  }
  // Each endpoint file's own issues (warnings too) are listed once, with their lines.
  if (first && where.own) tree.issues.push(...loaded.issues.filter((i) => i.code !== "USAGE"));
}

function missingStep(flow: FlowSpec, line: number, name: string, endpoint: string): Issue {
  return issue(
    "SPEC_PARSE_ERROR",
    `Step "${name}" cannot run: it points at ${endpoint}, which does not exist`,
    {
      file: flow.file,
      line,
      fix: "Paths are relative to the collection root (api-docs/) unless they start with ./ or ../",
    },
  );
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}
