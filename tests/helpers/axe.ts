/// <reference lib="dom" />
/**
 * axe-core (npm:axe-core) injected into a Chromium page: the WCAG 2.x A and
 * AA rules plus best practices, and the violations of impact serious or
 * critical, each as one readable line (rule, impact, where, why).
 */
import type { Page } from "playwright-core";

let source: string | undefined;

/** The script to inject: the package exports its own source for this. */
async function axeSource(): Promise<string> {
  // deno-lint-ignore no-explicit-any
  source ??= ((await import("axe-core")) as any).default.source as string;
  return source;
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/** Serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter((v) =>
    v.impact === "serious" || v.impact === "critical"
  );
}

/** Every violation on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) {
    // Evaluated through the debugging protocol: the page's CSP refuses inline scripts, rightly.
    await page.evaluate(await axeSource());
  }
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
      resultTypes: ["violations"],
    });
    // deno-lint-ignore no-explicit-any
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // deno-lint-ignore no-explicit-any
      targets: v.nodes.slice(0, 5).map((n: any) => n.target.join(" ")),
      summary: v.nodes[0]?.failureSummary?.split("\n").slice(0, 3).join(" ") ?? "",
    }));
  }) as AxeViolation[];
  return violations;
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(", ")}; ${v.summary}`
  ).join("\n");
}
