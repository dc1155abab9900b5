/**
 * Bundles the web UI (web/src) into web/dist/app.js and app.css, and the
 * editor (CodeMirror, loaded when an editor first opens) into editor.js,
 * with esbuild's JS API. `src/preview/bundle.ts` imports them as text, so
 * `deno compile` embeds them. Run by `deno task build` and before tests.
 *
 *   deno run -A web/build.ts            build once (minified)
 *   deno run -A web/build.ts --watch    rebuild on change (not minified)
 */
import * as esbuild from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const watch = Deno.args.includes("--watch");

const options: esbuild.BuildOptions = {
  absWorkingDir: root,
  // Two bundles that share no module: the editor's imports no preact (web/src/codemirror.ts).
  entryPoints: { app: "web/src/main.tsx", editor: "web/src/codemirror.ts" },
  outdir: "web/dist",
  bundle: true,
  format: "esm",
  target: ["chrome110", "firefox110", "safari16"],
  jsx: "automatic",
  jsxImportSource: "preact",
  minify: !watch,
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
};

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log("watching web/src for changes (Ctrl-C to stop)");
} else {
  const started = performance.now();
  const result = await esbuild.build(options);
  await esbuild.stop();
  const sizes = Object.entries(result.metafile!.outputs).map(([file, out]) =>
    `${file.replace(/^web\/dist\//, "")} ${(out.bytes / 1024).toFixed(0)} KB`
  );
  console.log(`web/dist: ${sizes.join(", ")} (${Math.round(performance.now() - started)} ms)`);
}
