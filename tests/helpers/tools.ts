/**
 * npm command-line tools some tests drive (Artillery; others may join), kept
 * in `tests/tools/` with a lockfile and installed by `.ci/run` with
 * `npm ci --prefix tests/tools`. A test whose tool is absent is skipped with
 * the reason printed, never failed.
 */
import { ROOT } from "./cli.ts";

export interface Tool {
  /** The executable, when installed. */
  path?: string;
  /** Why the tests that need it are skipped. */
  missing?: string;
}

/** Whether a program is on PATH (a shell, a tool a test drives). */
export function onPath(command: string): boolean {
  return (Deno.env.get("PATH") ?? "").split(":").some((dir) => {
    try {
      return Deno.statSync(`${dir}/${command}`).isFile;
    } catch {
      return false;
    }
  });
}

/** Finds `tests/tools/node_modules/.bin/<name>`; prints why tests skip when it is absent. */
export function npmTool(name: string): Tool {
  const path = `${ROOT}/tests/tools/node_modules/.bin/${name}`;
  let missing: string | undefined;
  if (!onPath("node")) missing = `${name} needs Node.js, which is not on PATH`;
  else {
    try {
      Deno.statSync(path);
    } catch {
      missing = `${name} is not installed: run \`npm ci --prefix tests/tools\``;
    }
  }
  if (missing) console.warn(`skipping the ${name} tests: ${missing}`);
  return missing ? { missing } : { path };
}
