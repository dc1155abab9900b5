/**
 * The size of apispec's module graph, from `deno info --json main.ts`: all of
 * it (what `deno compile` embeds), what every run loads at start (the static
 * graph of main.ts), and what each command module adds on top of that, with
 * the lazy imports it may add later. Growth shows here before it shows in a
 * cold start. Not a timing: it prints sizes only.
 *
 * `--json` prints the same figures as JSON (for the release workflow's log).
 */
const ROOT = new URL("../", import.meta.url);
const MAIN = new URL("main.ts", ROOT).href;
const DISPATCH = new URL("src/cli/dispatch.ts", ROOT).href;

interface Dependency {
  code?: { specifier: string };
  isDynamic?: boolean;
}
interface Module {
  kind: "esm" | "npm" | "node" | "external" | "asserted" | "json" | "wasm";
  specifier: string;
  size?: number;
  dependencies?: Dependency[];
  npmPackage?: string;
  local?: string;
}
interface Info {
  modules: Module[];
  redirects: Record<string, string>;
  npmPackages: Record<string, { name: string; dependencies: string[]; localPath?: string }>;
}

const output = await new Deno.Command(Deno.execPath(), {
  args: ["info", "--json", `--config=${new URL("deno.json", ROOT).pathname}`, MAIN],
  stdout: "piped",
  stderr: "inherit",
}).output();
if (output.code !== 0) Deno.exit(output.code);
const info: Info = JSON.parse(new TextDecoder().decode(output.stdout));
const modules = new Map(info.modules.map((m) => [m.specifier, m]));
const resolve = (specifier: string) => modules.get(info.redirects[specifier] ?? specifier);

/** Module specifiers reachable from `roots`: static imports only, or dynamic ones too. */
function closure(roots: string[], withDynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const module = resolve(stack.pop()!);
    if (!module || seen.has(module.specifier)) continue;
    seen.add(module.specifier);
    for (const dep of module.dependencies ?? []) {
      if (dep.code && (withDynamic || !dep.isDynamic)) stack.push(dep.code.specifier);
    }
  }
  return seen;
}

/** npm packages (with their dependencies) that the modules use. */
function npmPackages(specifiers: Set<string>): Set<string> {
  const found = new Set<string>();
  const stack = [...specifiers].map((s) => modules.get(s)?.npmPackage).filter((p) =>
    p !== undefined
  );
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(info.npmPackages[id]?.dependencies ?? []));
  }
  return found;
}

const diskSizes = new Map<string, number>();
function directorySize(path: string): number {
  let total = 0;
  for (const entry of Deno.readDirSync(path)) {
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory) total += directorySize(child);
    else if (entry.isFile) total += Deno.statSync(child).size;
  }
  return total;
}
function packageSize(id: string): number {
  if (!diskSizes.has(id)) {
    const local = info.npmPackages[id]?.localPath;
    diskSizes.set(id, local ? directorySize(local) : 0);
  }
  return diskSizes.get(id)!;
}

interface Figures {
  modules: number;
  bytes: number;
  /** Text imports (the UI bundle, the demo collection, agent skills). */
  assets: number;
  assetBytes: number;
  /** Packages the modules import by name, as name@version. */
  npm: string[];
  /** With their dependencies. */
  npmCount: number;
  npmBytes: number;
  node: string[];
}

function figures(specifiers: Set<string>, minus: Set<string> = new Set()): Figures {
  const own = [...specifiers].filter((s) => !minus.has(s)).map((s) => modules.get(s)!);
  const local = own.filter((m) => m.kind === "esm");
  const assets = own.filter((m) => m.kind === "external" && m.local);
  const already = npmPackages(minus);
  const packages = [...npmPackages(new Set(own.map((m) => m.specifier)))]
    .filter((p) => !already.has(p));
  const direct = new Set(own.map((m) => m.npmPackage).filter((p) => p && !already.has(p)));
  return {
    modules: local.length,
    bytes: local.reduce((sum, m) => sum + (m.size ?? 0), 0),
    assets: assets.length,
    assetBytes: assets.reduce((sum, m) => sum + Deno.statSync(m.local!).size, 0),
    npm: [...direct].map((p) => p!.replace(/_.*$/, "")).sort(),
    npmCount: packages.length,
    npmBytes: packages.reduce((sum, p) => sum + packageSize(p), 0),
    node: own.filter((m) => m.kind === "node").map((m) => m.specifier).sort(),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
function describe(f: Figures): string {
  const parts = [`${f.modules} modules ${kb(f.bytes)}`];
  if (f.assets) parts.push(`${f.assets} text assets ${kb(f.assetBytes)}`);
  if (f.npmCount) {
    parts.push(
      `npm ${f.npm.join(", ")}${
        f.npmCount > f.npm.length ? ` (+${f.npmCount - f.npm.length} deps)` : ""
      } ${mb(f.npmBytes)} on disk`,
    );
  }
  if (f.node.length) parts.push(f.node.join(", "));
  return parts.join("; ");
}

const everything = closure([MAIN], true);
const atStart = closure([MAIN], false);
const commandModules = (resolve(DISPATCH)?.dependencies ?? [])
  .filter((d) => d.isDynamic && d.code)
  .map((d) => d.code!.specifier);
const perCommand = commandModules.map((specifier) => {
  const loaded = closure([specifier], false);
  const withLazy = closure([specifier], true);
  return {
    command: specifier.slice(specifier.lastIndexOf("/commands/") + 10),
    loads: figures(loaded, atStart),
    lazy: figures(withLazy, new Set([...atStart, ...loaded])),
  };
});

if (Deno.args.includes("--json")) {
  console.log(JSON.stringify(
    { all: figures(everything), atStart: figures(atStart), commands: perCommand },
    null,
    2,
  ));
} else {
  console.log("module graph of main.ts (deno info)");
  console.log(`  all (what deno compile embeds): ${describe(figures(everything))}`);
  console.log(`  loaded by every run (static graph of main.ts): ${describe(figures(atStart))}`);
  console.log("  each command module adds when it runs (static), and may add later (lazy):");
  for (const { command, loads, lazy } of perCommand) {
    console.log(`    ${command.padEnd(22)} ${describe(loads)}`);
    if (lazy.modules > 0 || lazy.npmCount > 0) {
      console.log(`    ${"".padEnd(22)}   lazy: ${describe(lazy)}`);
    }
  }
}
