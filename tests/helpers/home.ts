/**
 * A throwaway home folder for tests of per-user files (agent configs,
 * installers). Deno keeps its cache under HOME unless DENO_DIR is set, so the
 * child keeps the real cache through DENO_DIR.
 */
import { type Workspace, workspace } from "./workspace.ts";

let denoDir: string | undefined;

/** The cache folder this Deno uses, asked once. */
export function realDenoDir(): string {
  if (denoDir === undefined) {
    const output = new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped" })
      .outputSync();
    denoDir = JSON.parse(new TextDecoder().decode(output.stdout)).denoDir as string;
  }
  return denoDir;
}

/** A temp folder to use as HOME, and the env that points a child at it. */
export async function tempHome(
  files: Record<string, string> = {},
): Promise<Workspace & { env: Record<string, string> }> {
  const home = await workspace(files);
  return Object.assign(home, { env: { HOME: home.dir, DENO_DIR: realDenoDir() } });
}
