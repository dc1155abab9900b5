/** Flow files for the flow tests. */

export interface StepSpec {
  name: string;
  endpoint: string;
  lines?: string[];
}

/** A pipeline file with the given settings and steps. */
export function flowFile(
  steps: StepSpec[],
  settings: { parallel?: boolean; continueOnError?: boolean; data?: string; title?: string } = {},
): string {
  const body = steps.map((step, i) =>
    [
      `${i + 1}. **${step.name}** -> \`${step.endpoint}\``,
      ...(step.lines ?? []).map((l) => `   - ${l}`),
    ].join("\n")
  ).join("\n");
  return `---
type: pipeline
name: test-flow
parallel: ${settings.parallel ?? false}
continue-on-error: ${settings.continueOnError ?? false}
${settings.data ? `data: ${settings.data}\n` : ""}---

# ${settings.title ?? "Test flow"}

## Steps

${body}
`;
}

export interface StepJson {
  name: string;
  endpoint: string;
  passed: boolean;
  status: number;
  error_type: string | null;
  skipped?: boolean;
  duration_ms: number;
  hint?: string;
  attempts?: number;
}

export interface FlowJson {
  passed: boolean;
  captures: Record<string, string>;
  steps: StepJson[];
}

/** `flow --output=json` of a data-driven run. */
export interface DataFlowJson {
  passed: boolean;
  iterations: {
    data: Record<string, unknown>;
    passed: boolean;
    captures: Record<string, string>;
    steps: StepJson[];
  }[];
}

/** Each step as `name: passed/skipped/failed`, for compact assertions. */
export function outcomes(steps: StepJson[]): string[] {
  return steps.map((s) =>
    `${s.name}: ${s.skipped ? "skipped" : s.passed ? "passed" : `failed ${s.error_type}`}`
  );
}
