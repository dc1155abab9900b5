/**
 * An Artillery script (YAML) from a load plan: `config.target` and one
 * phase, a payload per data file, one scenario per flow or endpoint. Each
 * step is a request with its captures (JSONPath) and expectations (the
 * bundled `expect` plugin), inside the loops, conditions and pauses of its
 * flow (`artillery_flow.ts`). When a flow polls or reads JSON from its data,
 * a processor file goes beside the script. A flow Artillery cannot run as
 * apispec would is left out with the reasons (`refused`). The script runs as
 * is with `artillery run` and on Artillery's cloud runners.
 */
import type { Issue } from "../../engine/issue.ts";
import { issue } from "../../engine/issue.ts";
import { dumpYaml } from "../../engine/parse/yaml.ts";
import type { LoadPlan, LoadScenario, LoadScript, Refusal, SideFile } from "./load_flow.ts";
import { requestsOf } from "./load_flow.ts";
import { sentParts } from "./load_script.ts";
import { commentText } from "../../engine/render/code_text.ts";
import { artilleryFlow } from "./artillery_flow.ts";
import { type Payload, payloadOf } from "./artillery_payload.ts";
import { hasTemplate, TEMPLATE_PROBLEM } from "./artillery_request.ts";
import {
  addJsonColumns,
  newProcessor,
  type Processor,
  processorText,
} from "./artillery_processor.ts";

interface Written {
  scenario: { name: string; flow: Record<string, unknown>[] };
  notes: string[];
  caveats: string[];
  processor: Processor;
  payload?: Payload;
  file?: SideFile;
}

/** One scenario, or the issues that keep it out of the script. */
function writeScenario(
  scenario: LoadScenario,
  index: number,
  context: { origin: string; script?: string; payloads: Payload[] },
): Written | Issue[] {
  const issues: Issue[] = [];
  const notes: string[] = [];
  const caveats: string[] = [];
  const processor = newProcessor(`apispec_${index + 1}_`);
  const flow: Record<string, unknown>[] = [];
  let payload: Payload | undefined;
  let file: SideFile | undefined;
  if (scenario.data) {
    const made = payloadOf(scenario.data, context.script);
    if (hasTemplate(scenario.data.rows)) {
      issues.push(issue(
        "VALIDATION_ERROR",
        `Artillery cannot read ${scenario.data.file}: ${TEMPLATE_PROBLEM.problem}`,
        { ...scenario.data.where, fix: TEMPLATE_PROBLEM.fix },
      ));
    } else if ("problem" in made) {
      issues.push(issue("VALIDATION_ERROR", made.problem, { ...made.where, fix: made.fix }));
    } else {
      ({ payload, file } = made);
      const clash = context.payloads.find((p) =>
        p.path !== made.payload.path && p.fields.some((f) => made.payload.fields.includes(f))
      );
      if (clash) {
        issues.push(issue(
          "VALIDATION_ERROR",
          `Artillery gives every virtual user the columns of every data file: ` +
            `${scenario.data.file} and ${clash.path} both have ${
              clash.fields.filter((f) => made.payload.fields.includes(f)).join(", ")
            }`,
          { ...scenario.data.where, fix: "Export this flow on its own, or rename the columns" },
        ));
      } else if (made.json.length > 0) {
        if (context.script === undefined) {
          issues.push(issue(
            "VALIDATION_ERROR",
            `The flow reads ${made.json.join(", ")} of ${scenario.data.file} as JSON, which ` +
              "Artillery does through a generated processor file that cannot go to stdout",
            { ...scenario.data.where, fix: "Write the script to a file: --out load.yml" },
          ));
        } else flow.push({ function: addJsonColumns(processor, made.json) });
      }
    }
  }
  flow.push(...artilleryFlow(scenario.nodes, {
    origin: context.origin,
    scenario: scenario.name,
    notes,
    caveats,
    processor: context.script === undefined ? undefined : processor,
    issues,
  }));
  if (issues.length > 0) return issues;
  if (scenario.parallel) caveats.push(`${scenario.name}: steps run one after another`);
  return { scenario: { name: scenario.name, flow }, notes, caveats, processor, payload, file };
}

/** The script's text, the files beside it, what it could not check, and the flows left out. */
export function toArtillery(plan: LoadPlan): LoadScript {
  const origin = new URL(plan.target).origin;
  const written: Written[] = [];
  const refused: Refusal[] = [];
  const payloads: Payload[] = [];
  plan.scenarios.forEach((scenario, index) => {
    const made = writeScenario(scenario, index, { origin, script: plan.script, payloads });
    if (Array.isArray(made)) {
      refused.push({ scenario: scenario.name, source: scenario.source, issues: made });
      return;
    }
    written.push(made);
    if (made.payload && !payloads.some((p) => p.path === made.payload!.path)) {
      payloads.push(made.payload);
    }
  });
  const notes = written.flatMap((w) => w.notes);
  const caveats = written.flatMap((w) => w.caveats);
  const processors = written.map((w) => w.processor).filter((p) => p.names.length > 0);
  const files: SideFile[] = [
    ...new Map(written.flatMap((w) => w.file ? [[w.file.name, w.file] as const] : [])).values(),
  ];
  // Processors exist only when the script goes to a file (`writeScenario` refuses otherwise).
  const processorName = `${plan.script?.replace(/\.[^.]*$/, "")}.processor.cjs`;
  if (processors.length > 0) {
    files.push({ name: processorName, text: processorText(processors, plan.script!) });
  }
  const script = {
    config: {
      target: origin,
      phases: [{ name: "apispec", duration: plan.duration, arrivalRate: plan.rate }],
      ...(payloads.length > 0 ? { payload: payloads } : {}),
      ...(processors.length > 0 ? { processor: `./${processorName}` } : {}),
      plugins: { expect: { outputFormat: "prettyError" } },
    },
    scenarios: written.map((w) => w.scenario),
  };
  const envs = new Set(
    plan.scenarios.flatMap((s) => requestsOf(s.nodes).flatMap(sentParts))
      .flatMap((p) => ("env" in p ? [p.env] : [])),
  );
  const header = [
    `# Generated by \`apispec export artillery\` (environment ${
      commentText(plan.env)
    }); regenerate rather than edit.`,
    ...(envs.size > 0
      ? [`# Secrets are read where Artillery runs: ${[...envs].sort().join(", ")}`]
      : []),
    ...(files.length > 0
      ? [`# Keep beside this script: ${commentText(files.map((f) => f.name).join(", "))}`]
      : []),
    ...(notes.length > 0
      ? ["# Not checked under load:", ...notes.map((n) => `#   ${commentText(n)}`)]
      : []),
    ...(caveats.length > 0
      ? ["# Unlike `apispec flow`:", ...caveats.map((n) => `#   ${commentText(n)}`)]
      : []),
  ];
  const body = dumpYaml(script);
  return { text: header.join("\n") + "\n" + body, notes, caveats, files, refused };
}
