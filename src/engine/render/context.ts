/**
 * Bounded API context for agents: the one renderer behind `apispec_context`,
 * `apispec context` and `apispec agent pack`. Modes: `surgical` (a labelled
 * line per part), `compact` (two lines per endpoint plus its neighbours) and
 * `schema` (a JSON document). Parts come in the intent's order, which is also
 * the order they are dropped in when the token budget is short.
 */
import { statusText } from "../compare/status.ts";
import { estimateTokens, packUnits, type Unit } from "./context_budget.ts";
import {
  bodyKind,
  errorLabel,
  fieldList,
  requestBlockText,
  requestFields,
  responseBlockText,
  responseFields,
  rules,
} from "./context_facts.ts";
import {
  type ContextPart,
  endpointVerify,
  flowVerify,
  GUIDANCE,
  intentOf,
} from "./context_intent.ts";
import { renderContextJson } from "./context_schema.ts";
import type { ContextEndpoint, ContextFlow, ContextInput, ContextOutput } from "./context_model.ts";
import { codeFence } from "./markdown_text.ts";

export type {
  ContextEndpoint,
  ContextFlow,
  ContextFlowStep,
  ContextInput,
  ContextOutput,
  OverviewEntry,
} from "./context_model.ts";

/** Renders context within the token budget. */
export function renderContext(input: ContextInput): ContextOutput {
  if (input.mode === "schema") {
    const { text, value, omitted } = renderContextJson(input);
    return { text, tokens: estimateTokens(text), omitted, contract: value };
  }
  const { text, omitted } = packUnits(contextUnits(input), input.tokenBudget);
  return { text, tokens: estimateTokens(text), omitted };
}

/** Text for one part of an endpoint, or undefined when the spec has nothing for it. */
export function partLines(part: ContextPart, e: ContextEndpoint, input: ContextInput): string[] {
  const { spec } = e;
  const max = input.maxFields;
  switch (part) {
    case "title":
      return [
        `title: ${spec.title}${spec.description ? `. ${oneLine(spec.description, 200)}` : ""}`,
      ];
    case "variables": {
      if (e.variables.length === 0) return [];
      const names = e.variables.map((v) =>
        v.resolved === undefined ? v.name : `${v.name} ${v.resolved ? "ok" : "MISSING"}`
      );
      return [`vars: ${names.join(", ")}`];
    }
    case "request": {
      const fields = requestFields(spec);
      if (fields.length) return [`request: ${fieldList(fields, max)}`];
      const kind = bodyKind(spec.request.body);
      return [`request: ${kind ? `body (${kind})` : "no body"}`];
    }
    case "response": {
      const fields = responseFields(spec);
      const body = fields.length ? ` ${fieldList(fields, max)}` : "";
      return [`response: ${statusText(spec.expected)}${body}`];
    }
    case "errors":
      return spec.errorResponses.length
        ? [
          `errors: ${
            spec.errorResponses.slice(0, max).map((b) => `${b.status} ${errorLabel(b)}`.trim())
              .join(", ")
          }`,
        ]
        : [];
    case "assertions": {
      if (spec.assertions.length === 0) return [];
      const shown = spec.assertions.slice(0, max).map((a) => a.source);
      if (spec.assertions.length > max) shown.push(`(+${spec.assertions.length - max} more)`);
      return [`assertions: ${shown.join("; ")}`];
    }
    case "rules":
      return [`rules: ${rules(spec, e.auth).join("; ")}`];
    case "verify":
      return endpointVerify(input.intent, e.file, input.env).map((c) => `verify: ${c}`);
    case "guidance":
      return [];
  }
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).replace(/\s+\S*$/, "")}…` : flat;
}

function contextUnits(input: ContextInput): Unit[] {
  const units: Unit[] = [];
  const single = input.endpoints.filter((e) => e.role === "target").length === 1 &&
    input.flows.length === 0 && input.overview.length === 0 && input.invalid.length === 0;
  if (!single || input.mode === "compact") {
    units.push({
      lines: [`# ${input.intent} context · env ${input.env} · ${input.scope}`],
      tier: 0,
    });
  }
  for (const bad of input.invalid) {
    units.push({ lines: [`invalid: ${bad.file}: ${bad.message}`], tier: 0 });
  }
  for (const flow of input.flows) units.push(...flowUnits(flow, input));
  for (const endpoint of input.endpoints) {
    const base = endpoint.role === "target" ? 0 : 20;
    units.push(
      ...(input.mode === "compact"
        ? compactUnits(endpoint, input, base)
        : surgicalUnits(endpoint, input, base)),
    );
  }
  for (const entry of input.overview) {
    const line = entry.kind === "flow"
      ? `flow ${entry.title} · ${entry.file}`
      : `${entry.method} ${entry.path} · ${entry.title} · ${entry.file}`;
    units.push({ lines: [line], tier: 5 });
  }
  for (const entry of input.related) {
    units.push({ lines: [`related: ${entry.method} ${entry.path} · ${entry.file}`], tier: 50 });
  }
  if (input.scopeVerify.length && input.parts.includes("verify")) {
    units.push({ lines: input.scopeVerify.map((c) => `verify: ${c}`), tier: 1 });
  }
  const guidanceTier = input.parts.indexOf("guidance");
  if (guidanceTier >= 0) {
    units.push({
      lines: ["guidance:", ...GUIDANCE[intentOf(input.intent)].map((g) => `- ${g}`)],
      tier: guidanceTier + 1,
    });
  }
  return units;
}

function surgicalUnits(e: ContextEndpoint, input: ContextInput, base: number): Unit[] {
  const heading = `## ${input.intent}: ${e.spec.method} ${e.spec.path}`;
  const units: Unit[] = [{ lines: [heading, `file: ${e.file}`], tier: base }];
  // Parts print in the intent's order too, so the most useful line comes first.
  input.parts.forEach((part, index) => {
    const lines = partLines(part, e, input);
    if (lines.length) units.push({ lines, tier: base + index + 1 });
  });
  if (input.verbose) {
    units.push({ lines: fenced(requestBlockText(e.spec)), tier: base + 15 });
    units.push({ lines: fenced(responseBlockText(e.spec.expected)), tier: base + 15 });
  }
  return units;
}

function compactUnits(e: ContextEndpoint, input: ContextInput, base: number): Unit[] {
  const title = input.parts.includes("title") ? ` ${e.spec.title}` : "";
  const units: Unit[] = [{
    lines: [`## ${e.spec.method} ${e.spec.path}${title} · ${e.file}`],
    tier: base,
  }];
  const facts = input.parts
    .filter((p) => p !== "verify" && p !== "title" && p !== "guidance")
    .flatMap((p) => partLines(p, e, input))
    .map((line) => line.replace(/^(\w+): /, (_, label: string) => `${SHORT[label] ?? label} `));
  if (facts.length) units.push({ lines: [facts.join(" | ")], tier: base + 1 });
  if (input.parts.includes("verify")) {
    units.push({ lines: partLines("verify", e, input), tier: base + 2 });
  }
  if (input.verbose) {
    units.push({ lines: fenced(requestBlockText(e.spec)), tier: base + 15 });
    units.push({ lines: fenced(responseBlockText(e.spec.expected)), tier: base + 15 });
  }
  return units;
}

const SHORT: Record<string, string> = {
  request: "req",
  response: "res",
  errors: "err",
  assertions: "assert",
  variables: "vars",
};

function flowUnits(flow: ContextFlow, input: ContextInput): Unit[] {
  const steps = flow.steps.map((s, i) => {
    const call = s.method ? ` ${s.method} ${s.path}` : ` ${s.file}`;
    const uses = s.injects.length ? ` uses ${s.injects.join(", ")}` : "";
    const gives = s.captures.length ? ` captures ${s.captures.join(", ")}` : "";
    return `${i + 1}. ${s.name}:${call}${uses}${gives}`;
  });
  const units: Unit[] = [
    { lines: [`## ${input.intent}: flow ${flow.name}`, `file: ${flow.file}`], tier: 0 },
    { lines: ["steps:", ...steps], tier: 1 },
  ];
  if (input.parts.includes("verify")) {
    units.push({
      lines: flowVerify(input.intent, flow.file, input.env).map((c) => `verify: ${c}`),
      tier: 2,
    });
  }
  return units;
}

function fenced(text: string): string[] {
  const fence = codeFence(text);
  return [`${fence}http`, ...text.split("\n"), fence];
}
