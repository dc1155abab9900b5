/**
 * `serve` from a source checkout before `deno task build`: the UI bundle
 * (web/dist/) is built on first use with the checkout's own `web/build.ts`
 * (esbuild, well under a second) instead of refusing to start. A compiled
 * binary carries the bundle in its module graph and never gets here: it has
 * no `web/build.ts` beside its modules.
 */
import { fileURLToPath as fromFileUrl } from "node:url";
import { existsSync } from "../adapters/fs.ts";

export interface UiBuild {
  /** The bundle just built, read from web/dist/ (this process's failed import of it stays failed). */
  bundle?: { js: string; css: string; editorJs: string };
  /** Why the build failed, when there was a checkout to build in. */
  error?: string;
}

export async function buildUiFromCheckout(): Promise<UiBuild> {
  const root = new URL("../../", import.meta.url);
  if (root.protocol !== "file:") return {};
  const script = fromFileUrl(new URL("web/build.ts", root));
  const config = fromFileUrl(new URL("deno.json", root));
  if (!existsSync(script) || !existsSync(config)) return {};
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", `--config=${config}`, script],
    cwd: fromFileUrl(root),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!output.success) {
    return { error: new TextDecoder().decode(output.stderr).trim().split("\n")[0] };
  }
  const dist = (name: string) => Deno.readTextFile(fromFileUrl(new URL(`web/dist/${name}`, root)));
  return {
    bundle: {
      js: await dist("app.js"),
      css: await dist("app.css"),
      editorJs: await dist("editor.js"),
    },
  };
}
