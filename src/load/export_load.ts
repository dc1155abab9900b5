/**
 * `apispec export artillery|k6 <flow|endpoint|dir>`: a load script for an
 * existing distributed engine. A flow is one scenario; a folder gives one
 * scenario per flow and one per endpoint that runs on its own (`standalone:
 * false` endpoints only make sense inside their flows). Returns the text;
 * never prints.
 */
import { join } from "../adapters/path.ts";
import { EXIT, type ExitCode, exitCodeFor, type Issue, issue } from "../engine/issue.ts";
import type { LoadPlan, LoadScenario } from "../convert/load_script.ts";
import { toArtillery } from "../convert/to_artillery.ts";
import { toK6 } from "../convert/to_k6.ts";
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
}

export interface LoadExportResult {
  text?: string;
  scenarios: number;
  /** What the script does not check under load. */
  notes: string[];
  issues: Issue[];
  exitCode: ExitCode;
}

export async function exportLoad(
  input: LoadExportInput,
  ctx: OpsContext,
): Promise<LoadExportResult> {
  const fail = (issues: Issue[]): LoadExportResult => ({
    scenarios: 0,
    notes: [],
    issues,
    exitCode: exitCodeFor(issues),
  });
  const path = await resolveUserPath(input.target, ctx, input.config);
  const folder = await isDirectory(path);
  const root = await findCollectionRoot({ config: input.config, near: path }, ctx);
  const collection = await loadCollection(root, ctx, input.config);
  const { env, issues: envIssues } = selectEnv(collection, input.env);
  const setup = [...collection.issues, ...envIssues];
  if (setup.some((i) => i.severity === "error")) return fail(setup);
  const pc: PlanContext = { collection, env, cli: input.cli ?? {}, ctx };

  const files = folder ? (await listMarkdown(path)).map((rel) => join(path, rel)) : [path];
  const kind = (file: string) => kindOf(displayPath(file, root));
  const issues: Issue[] = [...setup];
  const scenarios: LoadScenario[] = [];
  for (const file of files.sort()) {
    const which = kind(file);
    if (which === "flow") {
      const made = await flowScenario(file, pc);
      issues.push(...made.issues);
      if (made.scenario) scenarios.push(made.scenario);
    } else if (which === "endpoint") {
      // In a folder, an endpoint that needs a flow's captures is left to its flows.
      if (folder && (await loadEndpoint(file, ctx)).spec?.standalone === false) continue;
      const made = await endpointScenario(file, pc);
      issues.push(...made.issues);
      if (made.scenario) scenarios.push(made.scenario);
    }
  }
  if (issues.some((i) => i.severity === "error")) return fail(issues);
  if (scenarios.length === 0) {
    return fail([
      ...issues,
      issue("USAGE", `${displayPath(path, ctx.cwd)} holds no flow or endpoint`, {
        fix: "Pass a flow file (flows/<name>.md), an endpoint file, or a folder that holds them",
      }),
    ]);
  }
  const layers = buildLayers(collection, env, { cli: input.cli }, CLI_ORDER, ["APISPEC_"], ctx.env);
  const plan: LoadPlan = {
    target: lookupVar(layers, "baseUrl")?.value ?? firstOrigin(scenarios),
    env,
    duration: input.duration ?? 60,
    rate: input.rate ?? 5,
    scenarios,
  };
  const written = input.engine === "artillery" ? toArtillery(plan) : toK6(plan);
  return {
    text: written.text,
    scenarios: scenarios.length,
    notes: written.notes,
    issues,
    exitCode: EXIT.passed,
  };
}

/** Without a baseUrl, the first absolute request decides the target. */
function firstOrigin(scenarios: LoadScenario[]): string {
  for (const scenario of scenarios) {
    for (const step of scenario.steps) {
      const first = step.url[0];
      if (first && "text" in first && /^https?:\/\//.test(first.text)) {
        return new URL(first.text.match(/^https?:\/\/[^/]+/)![0]).origin;
      }
    }
  }
  return "http://localhost";
}
