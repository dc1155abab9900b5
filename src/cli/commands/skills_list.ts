/** `apispec skills list [--output=console|json]`: every agent, detected or not, and its skill's state. */
import { type AgentSkills, skillStatus, staleReason } from "../../ops/setup/skills.ts";
import { VERSION } from "../../version.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printJson } from "../output.ts";

function stateText(skill: AgentSkills): string {
  switch (skill.state) {
    case "current":
      return `current (${VERSION})`;
    case "stale":
      return `stale (${staleReason(skill)}); run \`apispec skills install\``;
    case "missing":
      return "not installed";
    case "foreign":
      return `conflict: ${skill.files.find((f) => f.state === "foreign")!.path} is not apispec's`;
  }
}

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const skills = await skillStatus(io.ctx, io.global.config);
  if (args.flags.output === "json") {
    printJson({
      version: VERSION,
      agents: skills.map((s) => ({
        agent: s.agent,
        name: s.name,
        detected: s.detected,
        detected_by: s.because,
        state: s.state,
        files: s.files.map((f) => ({
          path: f.path,
          kind: f.kind,
          state: f.state,
          version: f.version ?? null,
        })),
      })),
    }, io);
    return 0;
  }
  const rows = skills.map((s) => {
    const commands = s.files.length - 1;
    return [
      s.agent,
      s.detected ? `yes (${s.because.join(" + ")})` : "no",
      s.files[0].path + (commands ? ` +${commands} commands` : ""),
      stateText(s),
    ];
  });
  const header = ["AGENT", "DETECTED", "SKILL FILE", "STATUS"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd();
  io.out(io.paint.bold(line(header)));
  for (const [index, row] of rows.entries()) {
    const text = line(row);
    const state = skills[index].state;
    io.out(
      state === "current" ? text : state === "missing" ? io.paint.dim(text) : io.paint.yellow(text),
    );
  }
  return 0;
}
