/** Console rendering shared by the agent commands: one aligned line per file touched. */
import type { CliIO } from "./io.ts";

export interface ActionRow {
  action: string;
  path: string;
  agent: string;
}

/** `created  .claude/skills/apispec/SKILL.md  claude-code`, coloured by what happened. */
export function printActions(rows: ActionRow[], io: CliIO): void {
  if (rows.length === 0) return;
  const actionWidth = Math.max(...rows.map((r) => r.action.length));
  const pathWidth = Math.max(...rows.map((r) => r.path.length));
  for (const row of rows) {
    const colour = row.action === "unchanged"
      ? io.paint.dim
      : row.action === "removed" || row.action === "kept"
      ? io.paint.yellow
      : io.paint.green;
    io.out(
      `${colour(row.action.padEnd(actionWidth))}  ${row.path.padEnd(pathWidth)}  ${
        io.paint.dim(row.agent)
      }`,
    );
  }
}
