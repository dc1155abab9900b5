/**
 * `apispec export artillery|k6 <flow|endpoint|dir>`: a load script for an
 * existing distributed engine. A flow is one scenario; a folder gives one
 * scenario per flow and one per endpoint that runs on its own (`standalone:
 * false` endpoints only make sense inside their flows). In a folder, a flow
 * or endpoint that cannot be exported is left out with a warning; only a
 * folder where nothing can be exported fails. Returns the text and the files
 * that go beside it; never prints.
 */
import { basename, dirname, join, resolve } from "../adapters/path.ts";
import { EXIT, type ExitCode, exitCodeFor, type Issue, issue } from "../engine/issue.ts";
import { type LoadPlan, type LoadScenario, requestsOf } from "../convert/load/load_flow.ts";
import { toArtillery } from "../convert/load/to_artillery.ts";
import { toK6 } from "../convert/load/to_k6.ts";
import { isDirectory, listMarkdown } from "../adapters/fs.ts";
import type { OpsContext } from "../adapters/system.ts";
import { CLI_ORDER, lookupVar } from "../engine/resolve/layers.ts";
import {
  buildLayers,
  displayPath,
  findCollectionRoot,
  loadCollection,
  resolveUserPath,
  selectEnv,
} from "../ops/collection/load.ts";
import { kindOf } from "../ops/collection/file_kind.ts";
import { loadEndpoint } from "../ops/run/exec.ts";
import { endpointScenario, flowScenario, type PlanContext } from "./load_plan.ts";

export const LOAD_ENGINES = ["artillery", "k6"] as const;
export type LoadEngine = typeof LOAD_ENGINES[number];

export interface LoadExportInput {
  engine: LoadEngine;
  /** A flow file, an endpoint file, or a folder. */
  target: string;
  env?: string;
  cli?: Record<string, string>;
  /** Seconds (default 60). */
  duration?: number;
  /** New virtual users per second (default 5). */
  rate?: number;
  config?: string;
  /** Where the script will be written (data paths are relative to it); undefined: stdout. */
  out?: string;
}

export interface LoadExportResult {
  text?: string;
  /** Files to write beside the script (absolute paths): a processor, converted data. */
  files: { path: string; text: string }[];
  scenarios: number;
  /** What the script does not check under load. */
  notes: string[];
  /** Where a run of the script differs from `apispec flow`. */
  caveats: string[];
  issues: Issue[];
  exitCode: ExitCode;
}

/** A flow or endpoint a folder export leaves out: its errors become warnings naming it. */
function leftOut(file: string, issues: Issue[]): Issue[] {
  return issues.map((i) =>
    i.severity === "error"
      ? { ...i, severity: "warning", message: `Left out ${file}: ${i.message}` }
      : i
  );
}

export async function exportLoad(
  input: LoadExportInput,
  ctx: OpsContext,
): Promise<LoadExportResult> {
  const fail = (issues: Issue[], errors = issues): LoadExportResult => ({
    files: [],
    scenarios: 0,
    notes: [],
    caveats: [],
    issues,
    exitCode: exitCodeFor(errors),
  });
  const path = await resolveUserPath(input.target, ctx, input.config);
  const folder = await isDirectory(path);
  const root = await findCollectionRoot({ config: input.config, near: path }, ctx);
  const collection = await loadCollection(root, ctx, input.config);
  const { env, issues: envIssues } = selectEnv(collection, input.env);
  const setup = [...collection.issues, ...envIssues];
  if (setup.some((i) => i.severity === "error")) return fail(setup);
  const out = input.out === undefined ? undefined : resolve(ctx.cwd, input.out);
  const pc: PlanContext = {
    collection,
    env,
    cli: input.cli ?? {},
    ctx,
    outDir: out ? dirname(out) : ctx.cwd,
  };

  const files = folder ? (await listMarkdown(path)).map((rel) => join(path, rel)) : [path];
  const issues: Issue[] = [...setup];
  // The errors of what a folder export left out: they decide the exit code when nothing is left.
  const errors: Issue[] = [];
  const scenarios: LoadScenario[] = [];
  for (const file of files.sort()) {
    const which = kindOf(displayPath(file, root));
    if (which !== "flow" && which !== "endpoint") continue;
    // In a folder, an endpoint that needs a flow's captures is left to its flows.
    if (
      which === "endpoint" && folder && (await loadEndpoint(file, ctx)).spec?.standalone === false
    ) {
      continue;
    }
    const made = which === "flow" ? await flowScenario(file, pc) : await endpointScenario(file, pc);
    const failed = made.issues.filter((i) => i.severity === "error");
    if (folder && failed.length > 0) {
      issues.push(...leftOut(displayPath(file, ctx.cwd), made.issues));
      errors.push(...failed);
      continue;
    }
    issues.push(...made.issues);
    if (made.scenario) scenarios.push(made.scenario);
  }
  if (issues.some((i) => i.severity === "error")) return fail(issues);

  const layers = buildLayers(collection, env, { cli: input.cli }, CLI_ORDER, ["APISPEC_"], ctx.env);
  const plan: LoadPlan = {
    target: lookupVar(layers, "baseUrl")?.value ?? firstOrigin(scenarios),
    env,
    duration: input.duration ?? 60,
    rate: input.rate ?? 5,
    scenarios,
    ...(out ? { script: basename(out) } : {}),
  };
  const written = input.engine === "artillery" ? toArtillery(plan) : toK6(plan);
  for (const refusal of written.refused) {
    if (!folder) return fail([...issues, ...refusal.issues]);
    issues.push(...leftOut(refusal.source, refusal.issues));
    errors.push(...refusal.issues);
  }
  const exported = scenarios.length - written.refused.length;
  if (exported === 0) {
    const where = displayPath(path, ctx.cwd);
    const none = errors.length > 0
      ? issue("VALIDATION_ERROR", `Nothing in ${where} can be exported for ${input.engine}`, {
        fix: "Fix what the warnings above name, or export another flow",
      })
      : issue("USAGE", `${where} holds no flow or endpoint`, {
        fix: "Pass a flow file (flows/<name>.md), an endpoint file, or a folder that holds them",
      });
    return fail([...issues, none], [...errors, none]);
  }
  return {
    text: written.text,
    files: written.files.map((f) => ({ path: join(pc.outDir, f.name), text: f.text })),
    scenarios: exported,
    notes: written.notes,
    caveats: written.caveats,
    issues,
    exitCode: EXIT.passed,
  };
}

/** Without a baseUrl, the first absolute request decides the target. */
function firstOrigin(scenarios: LoadScenario[]): string {
  for (const scenario of scenarios) {
    for (const step of requestsOf(scenario.nodes)) {
      const first = step.url[0];
      if (first && "text" in first && /^https?:\/\//.test(first.text)) {
        return new URL(first.text.match(/^https?:\/\/[^/]+/)![0]).origin;
      }
    }
  }
  return "http://localhost";
}
