/**
 * The collection's flows with their steps' endpoint files parsed, for the
 * links `fuzz --stateful` derives from them (`engine/fuzz/links.ts`). A flow
 * or step that does not parse is left out with a warning: it shows no link.
 */
import { join } from "../../adapters/path.ts";
import { type Issue, warning } from "../../engine/issue.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import type { FlowSteps } from "../../engine/fuzz/links.ts";
import { listMarkdown, readText } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath, resolveStepPath } from "../collection/load.ts";
import { kindOf } from "../collection/file_kind.ts";

export async function flowSteps(
  root: string,
  ctx: OpsContext,
): Promise<{ flows: FlowSteps[]; issues: Issue[] }> {
  const flows: FlowSteps[] = [];
  const issues: Issue[] = [];
  const read = async (path: string) => {
    try {
      return await readText(path);
    } catch {
      return undefined;
    }
  };
  for (const rel of await listMarkdown(root)) {
    if (kindOf(rel) !== "flow") continue;
    const path = join(root, rel);
    const file = displayPath(path, ctx.cwd);
    const text = await read(path);
    const flow = text === undefined ? undefined : parseFlow(text, file).flow;
    if (!flow) {
      issues.push(warning(`${file} does not parse: its links are not followed`, { file }));
      continue;
    }
    const steps: FlowSteps["steps"] = [];
    for (const step of flow.steps) {
      const stepPath = resolveStepPath(step.endpoint, path, root);
      const stepText = await read(stepPath);
      const spec = stepText === undefined
        ? undefined
        : parseEndpoint(stepText, displayPath(stepPath, ctx.cwd)).spec;
      // A sub-flow or an unreadable step breaks the chain there.
      if (!spec) break;
      steps.push({ spec, captures: step.captures });
    }
    flows.push({ file, steps });
  }
  return { flows, issues };
}
