/** JUnit XML, the format CI systems read: one testsuite per group, one testcase per case. */
import type { ReportCase } from "./report.ts";
import { xmlAttr, xmlText } from "./xml_text.ts";

/**
 * @example
 * ```ts
 * import { renderJunit } from "./junit.ts";
 * renderJunit("apispec exec", []).startsWith("<?xml"); // true
 * ```
 */
export function renderJunit(suiteName: string, cases: ReportCase[]): string {
  const groups = new Map<string, ReportCase[]>();
  for (const c of cases) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const total = (list: ReportCase[], pick: (c: ReportCase) => boolean) => list.filter(pick).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const out = [`<?xml version="1.0" encoding="UTF-8"?>`];
  const time = cases.reduce((sum, c) => sum + c.duration_ms, 0);
  out.push(
    `<testsuites name="${xmlAttr(suiteName)}" tests="${cases.length}" failures="${
      total(cases, (c) => !c.passed && !c.skipped)
    }" skipped="${total(cases, (c) => !!c.skipped)}" time="${seconds(time)}">`,
  );
  for (const [group, list] of groups) {
    const groupTime = list.reduce((sum, c) => sum + c.duration_ms, 0);
    out.push(
      `  <testsuite name="${xmlAttr(group)}" tests="${list.length}" failures="${
        total(list, (c) => !c.passed && !c.skipped)
      }" skipped="${total(list, (c) => !!c.skipped)}" time="${seconds(groupTime)}">`,
    );
    for (const c of list) {
      const open = `    <testcase classname="${xmlAttr(group)}" name="${xmlAttr(c.name)}" file="${
        xmlAttr(c.file)
      }" time="${seconds(c.duration_ms)}"`;
      if (c.skipped) {
        out.push(`${open}>`, `      <skipped message="${xmlAttr(c.hint)}"/>`, `    </testcase>`);
      } else if (!c.passed) {
        out.push(
          `${open}>`,
          `      <failure type="${xmlAttr(c.error_type ?? "FAILED")}" message="${
            xmlAttr(c.hint)
          }">${xmlText(c.details.join("\n"))}</failure>`,
          `    </testcase>`,
        );
      } else {
        out.push(`${open}/>`);
      }
    }
    out.push(`  </testsuite>`);
  }
  out.push(`</testsuites>`);
  return out.join("\n") + "\n";
}
