/** Flow files for the flow tests. */

export interface StepSpec {
  name: string;
  endpoint: string;
  lines?: string[];
}

/** A pipeline file with the given settings and steps. */
export function flowFile(
  steps: StepSpec[],
  settings: { parallel?: boolean; continueOnError?: boolean } = {},
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
---

# Test flow

## Steps

${body}
`;
}

export interface FlowJson {
  passed: boolean;
  captures: Record<string, string>;
  steps: {
    name: string;
    endpoint: string;
    passed: boolean;
    status: number;
    error_type: string | null;
    skipped?: boolean;
    duration_ms: number;
    hint?: string;
  }[];
}
