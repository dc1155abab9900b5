/**
 * `deno run -A scripts/vendor.ts --std=<denoland/std checkout> [--std-commit=<sha>]`: rebuilds
 * `vendor/` (why each library is vendored: vendor/README.md) and prints the
 * SHA-256 of every file, which `vendor/SHA256SUMS` records and a test checks.
 *
 * - js-yaml and re2js come from their npm tarballs (`npm pack`), files as
 *   published. re2js's build keeps JSDoc type references to source files the
 *   package does not ship, which `deno test` tries to resolve: they are cut
 *   down to the bare type name (comments only; the code is untouched).
 * - @std/path is on JSR only, so it comes from a checkout of denoland/std: the
 *   POSIX and Windows functions src/adapters/path.ts uses, bundled with
 *   esbuild into one module (24 modules cost about 2 ms to load, one 0.2 ms).
 *   @std/csv's `parse` comes from the same checkout, bundled the same way.
 * - jsonc-parser is bundled from its ES module build in node_modules.
 * - randexp (CommonJS, with ret and drange) is bundled with esbuild into one
 *   ES module from an `npm install` of the pinned versions in a temp folder.
 * - ajv and ajv-formats (CommonJS, with their dependencies) are bundled with
 *   esbuild into one ES module from the node_modules Deno installs for
 *   deno.json's `ajv` and `ajv-formats` (versions pinned by deno.lock), with
 *   a declaration file that takes its types from those packages.
 * - tough-cookie (an ES module build, with tldts and tldts-core) is bundled the
 *   same way from the node_modules Deno installs for deno.json's `tough-cookie`.
 */
import * as esbuild from "esbuild";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import standaloneCode from "ajv/dist/standalone/index.js";
import { META_2020, SCHEMA_OPTIONS } from "../src/engine/compare/schema_options.ts";
import { parseArgs } from "node:util";

const ROOT = new URL("..", import.meta.url).pathname;
const VENDOR = `${ROOT}vendor`;

async function run(command: string, args: string[], cwd: string): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(command, { args, cwd }).output();
  if (code !== 0) {
    throw new Error(`${command} ${args.join(" ")}: ${new TextDecoder().decode(stderr)}`);
  }
  return new TextDecoder().decode(stdout).trim();
}

/** Unpacks an npm package's published tarball; returns its folder. */
async function npmPackage(spec: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "apispec-vendor-" });
  const tarball = (await run("npm", ["pack", spec, "--silent"], dir)).split("\n").at(-1)!;
  await run("tar", ["-xzf", tarball], dir);
  return `${dir}/package`;
}

async function copy(from: string, to: string, transform = (text: string) => text) {
  await Deno.mkdir(to.slice(0, to.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(to, transform(await Deno.readTextFile(from)));
}

async function jsYaml() {
  const pkg = await npmPackage("js-yaml@4.1.0");
  await copy(`${pkg}/dist/js-yaml.mjs`, `${VENDOR}/js-yaml@4.1.0/js-yaml.mjs`);
  await copy(`${pkg}/LICENSE`, `${VENDOR}/js-yaml@4.1.0/LICENSE`);
}

async function re2js() {
  const pkg = await npmPackage("re2js@2.10.0");
  const dir = `${VENDOR}/re2js@2.10.0`;
  await copy(
    `${pkg}/build/index.js`,
    `${dir}/index.js`,
    (text) => text.replace(/import\('\.\/(?:Machine|RE2|index)\.js'\)\./g, ""),
  );
  await copy(`${pkg}/build/index.d.ts`, `${dir}/index.d.ts`);
  await copy(`${pkg}/LICENSE`, `${dir}/LICENSE`);
}

/** One ES module bundled by esbuild, for any platform, with a banner naming its origin. */
async function bundle(
  outfile: string,
  banner: string[],
  options: esbuild.BuildOptions,
): Promise<void> {
  await Deno.mkdir(outfile.slice(0, outfile.lastIndexOf("/")), { recursive: true });
  await esbuild.build({
    ...options,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    legalComments: "none",
    banner: { js: banner.map((line) => `// ${line}`).join("\n") },
    outfile,
    logLevel: "warning",
  });
  await esbuild.stop();
}

/**
 * One ES module of `exports` (a module's text) from the packages installed in
 * `modules`, with module names relative to `base`, so rebuilds give the same bytes.
 */
async function bundleInstalled(
  outfile: string,
  banner: string[],
  exports: string,
  from: { base: string; modules: string; mainFields: string[] },
): Promise<void> {
  await bundle(outfile, banner, {
    stdin: { contents: exports, loader: "js", resolveDir: from.base },
    absWorkingDir: from.base,
    nodePaths: [from.modules],
    mainFields: from.mainFields,
  });
}

const PATH_FUNCTIONS = ["basename", "dirname", "is_absolute", "join", "relative", "resolve"];

async function stdPath(std: string, commitOption?: string) {
  const version = JSON.parse(await Deno.readTextFile(`${std}/path/deno.json`)).version;
  const commit = commitOption ??
    await run("git", ["rev-parse", "HEAD"], std).catch(() => "at an unrecorded commit");
  const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  const entry = ["posix", "windows"].map((platform) =>
    PATH_FUNCTIONS.map((name) =>
      `import { ${camel(name)} as ${platform}_${name} } from "${std}/path/${platform}/${name}.ts";`
    ).join("\n") +
    `\nexport const ${platform} = { ${
      PATH_FUNCTIONS.map((name) => `${camel(name)}: ${platform}_${name}`).join(", ")
    } };`
  ).join("\n");
  const dir = `${VENDOR}/std-path@${version}`;
  await bundle(`${dir}/path.js`, [
    `@std/path ${version} (denoland/std ${commit}), MIT license (LICENSE beside this file).`,
    "Its POSIX and Windows functions, bundled by scripts/vendor.ts.",
  ], { stdin: { contents: entry, loader: "ts", resolveDir: std }, absWorkingDir: std });
  await copy(`${std}/LICENSE`, `${dir}/LICENSE`);
}

async function stdCsv(std: string, commitOption?: string) {
  const version = JSON.parse(await Deno.readTextFile(`${std}/csv/deno.json`)).version;
  const commit = commitOption ??
    await run("git", ["rev-parse", "HEAD"], std).catch(() => "at an unrecorded commit");
  const dir = `${VENDOR}/std-csv@${version}`;
  await bundle(`${dir}/parse.js`, [
    `@std/csv ${version} (denoland/std ${commit}), MIT license (LICENSE beside this file).`,
    "Its parse function, bundled by scripts/vendor.ts.",
  ], { entryPoints: [`${std}/csv/parse.ts`], absWorkingDir: std });
  await copy(`${std}/LICENSE`, `${dir}/LICENSE`);
}

async function jsoncParser() {
  const pkg = `${ROOT}node_modules/jsonc-parser`;
  const version = JSON.parse(await Deno.readTextFile(`${pkg}/package.json`)).version;
  const dir = `${VENDOR}/jsonc-parser@${version}`;
  await bundle(`${dir}/main.js`, [
    `jsonc-parser ${version}, MIT license (LICENSE beside this file).`,
    "Its ES module build, bundled by scripts/vendor.ts.",
  ], { entryPoints: [`${pkg}/lib/esm/main.js`] });
  await copy(`${pkg}/LICENSE.md`, `${dir}/LICENSE`);
}

/** ajv's packages in the bundle, each with its licence; the versions are deno.lock's. */
const AJV_PACKAGES = ["ajv", "ajv-formats", "fast-deep-equal", "fast-uri", "json-schema-traverse"];

const DENO_MODULES = `${ROOT}node_modules`;

/** The folder (`name@version`) of a package Deno installed for deno.json, at deno.lock's version. */
async function installed(name: string): Promise<string> {
  for await (const entry of Deno.readDir(`${DENO_MODULES}/.deno`)) {
    if (entry.name.startsWith(`${name}@`)) return entry.name;
  }
  throw new Error(`${name} is not in node_modules: run \`deno install\` first`);
}

/** Where an installed package's files are. */
async function installedPath(name: string): Promise<string> {
  return `${DENO_MODULES}/.deno/${await installed(name)}/node_modules/${name}`;
}

async function installedVersion(name: string): Promise<string> {
  return JSON.parse(await Deno.readTextFile(`${await installedPath(name)}/package.json`)).version;
}

async function ajv() {
  const version = await installedVersion("ajv");
  const formatsVersion = await installedVersion("ajv-formats");
  const dir = `${VENDOR}/ajv@${version}`;
  // The draft 2020-12 meta-schema compiled ahead of time (ajv's standalone code, with the
  // formats schema mode adds): checking a spec's schema no longer compiles it, 25 ms a process.
  const meta = new Ajv2020.default({ ...SCHEMA_OPTIONS, code: { source: true, esm: true } });
  // deno-lint-ignore no-explicit-any
  (addFormats as any).default(meta);
  // deno-lint-ignore no-explicit-any
  const metaCode: string = (standaloneCode as any).default(meta, meta.getSchema(META_2020));
  // Served to esbuild as a module of its own name, so the bundle names no temp file.
  const metaModule: esbuild.Plugin = {
    name: "meta-2020",
    setup(build) {
      build.onResolve({ filter: /^meta-2020$/ }, () => ({ path: "meta-2020", namespace: "ajv" }));
      build.onLoad(
        { filter: /.*/, namespace: "ajv" },
        () => ({ contents: metaCode, loader: "js", resolveDir: ROOT }),
      );
    },
  };
  await bundle(`${dir}/ajv.mjs`, [
    `ajv ${version} and ajv-formats ${formatsVersion}, MIT license; ` +
    "their dependencies' licences (MIT, fast-uri's BSD-3-Clause) are in",
    "LICENSE beside this file.",
    "Bundled from their CommonJS by scripts/vendor.ts.",
  ], {
    stdin: {
      contents: 'export { default as Ajv2020 } from "ajv/dist/2020.js";\n' +
        'export { default as AjvDraft7 } from "ajv";\n' +
        'export { default as addFormats } from "ajv-formats";\n' +
        'export { validate as validate2020Schema } from "meta-2020";\n',
      loader: "js",
      resolveDir: ROOT,
    },
    nodePaths: [DENO_MODULES],
    plugins: [metaModule],
    mainFields: ["main", "module"],
  });
  await Deno.writeTextFile(
    `${dir}/ajv.d.ts`,
    "// The bundle's exports, typed by the npm packages it was built from (scripts/vendor.ts).\n" +
      'export declare const Ajv2020: typeof import("ajv/dist/2020.js");\n' +
      'export declare const AjvDraft7: typeof import("ajv");\n' +
      'export declare const addFormats: typeof import("ajv-formats");\n' +
      "/** The draft 2020-12 meta-schema's validator, generated by ajv's standalone code. */\n" +
      'export declare const validate2020Schema: import("ajv").ValidateFunction;\n',
  );
  await writeLicences(`${dir}/LICENSE`, await installedLicences(AJV_PACKAGES));
}

/** Each installed package's licence, labelled with its name and version. */
async function installedLicences(names: string[]): Promise<[string, string][]> {
  const licences: [string, string][] = [];
  for (const name of names) {
    licences.push([
      `${name} ${await installedVersion(name)}`,
      `${await installedPath(name)}/LICENSE`,
    ]);
  }
  return licences;
}

/** tough-cookie's packages in the bundle; the versions are deno.lock's. */
const TOUGH_COOKIE_PACKAGES = ["tough-cookie", "tldts", "tldts-core"];

async function toughCookie() {
  const version = await installedVersion("tough-cookie");
  const dir = `${VENDOR}/tough-cookie@${version}`;
  await bundleInstalled(
    `${dir}/tough-cookie.mjs`,
    [
      `tough-cookie ${version} (BSD-3-Clause) with tldts ${await installedVersion("tldts")} and ` +
      `tldts-core ${await installedVersion("tldts-core")} (MIT);`,
      "their licences are in LICENSE beside this file. Bundled from their ES module builds by",
      "scripts/vendor.ts.",
    ],
    'export { CookieJar } from "tough-cookie";\n',
    {
      base: ROOT,
      modules: DENO_MODULES,
      mainFields: ["module", "main"],
    },
  );
  await Deno.writeTextFile(
    `${dir}/tough-cookie.d.ts`,
    "// The bundle's exports, typed by the npm package it was built from (scripts/vendor.ts).\n" +
      'export { CookieJar } from "tough-cookie";\n',
  );
  await writeLicences(`${dir}/LICENSE`, await installedLicences(TOUGH_COOKIE_PACKAGES));
}

/** One LICENSE file holding each bundled package's licence under its name and version. */
async function writeLicences(file: string, packages: [string, string][]): Promise<void> {
  const texts: string[] = [];
  for (const [label, path] of packages) {
    texts.push(`${label}\n\n${(await Deno.readTextFile(path)).trim()}\n`);
  }
  await Deno.writeTextFile(file, texts.join("\n---\n\n"));
}

/** randexp and its two dependencies, at the versions its 0.6.1 release resolves to. */
const RANDEXP_PACKAGES = ["randexp@0.6.1", "ret@0.5.1", "drange@2.0.1"];

async function randexp() {
  const dir = await Deno.makeTempDir({ prefix: "apispec-vendor-" });
  await run("npm", ["init", "-y"], dir);
  await run("npm", ["install", "--silent", "--no-audit", "--no-fund", ...RANDEXP_PACKAGES], dir);
  const modules = `${dir}/node_modules`;
  const out = `${VENDOR}/${RANDEXP_PACKAGES[0]}`;
  await bundleInstalled(
    `${out}/randexp.mjs`,
    [
      `${RANDEXP_PACKAGES.join(", ")}, MIT license (LICENSE beside this file).`,
      "Bundled from their CommonJS by scripts/vendor.ts.",
    ],
    'export { default as RandExp } from "randexp";\n' +
      'export { types as tokenTypes } from "ret";\n',
    { base: dir, modules, mainFields: ["main", "module"] },
  );
  await Deno.writeTextFile(
    `${out}/randexp.d.ts`,
    "// The bundle's exports, as much of them as src/engine/examples/ uses (scripts/vendor.ts).\n" +
      "export declare class RandExp {\n" +
      "  constructor(source: string, flags?: string);\n" +
      "  /** Repetitions up to `min + max` for unbounded quantifiers. */\n" +
      "  max: number;\n" +
      "  /** The tokens ret parsed the pattern into. */\n" +
      "  tokens: unknown;\n" +
      "  randInt(from: number, to: number): number;\n" +
      "  gen(): string;\n" +
      "}\n" +
      "/** ret's token types: ROOT 0, GROUP 1, POSITION 2, SET 3, RANGE 4, REPETITION 5, REFERENCE 6, CHAR 7. */\n" +
      "export declare const tokenTypes: Record<string, number>;\n",
  );
  await writeLicences(
    `${out}/LICENSE`,
    RANDEXP_PACKAGES.map((
      spec,
    ) => [spec, `${modules}/${spec.slice(0, spec.lastIndexOf("@"))}/LICENSE`]),
  );
}

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const { values } = parseArgs({
  args: Deno.args,
  options: { std: { type: "string" }, "std-commit": { type: "string" } },
});
await jsYaml();
await re2js();
await ajv();
await jsoncParser();
await randexp();
await toughCookie();
if (values.std) {
  await stdPath(values.std, values["std-commit"]);
  await stdCsv(values.std, values["std-commit"]);
} else console.error("no --std checkout given: vendor/std-path@* left as it is");

const lines: string[] = [];
const walk = async (dir: string, prefix: string) => {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) await walk(`${dir}/${entry.name}`, `${prefix}${entry.name}/`);
    else if (entry.name !== "README.md" && entry.name !== "SHA256SUMS") {
      lines.push(`${await sha256(`${dir}/${entry.name}`)}  ${prefix}${entry.name}`);
    }
  }
};
await walk(VENDOR, "");
await Deno.writeTextFile(
  `${VENDOR}/SHA256SUMS`,
  lines.sort((a, b) => a.slice(66) < b.slice(66) ? -1 : 1).join("\n") + "\n",
);
console.log(lines.join("\n"));
