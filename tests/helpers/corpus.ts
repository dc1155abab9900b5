/** Paths into fixtures/, and GitHub's gzipped OpenAPI description decompressed on demand. */
import { assert, assertEquals } from "@std/assert";
import { join } from "../../src/adapters/path.ts";
import { type OpsContext, systemContext } from "../../src/adapters/system.ts";
import { convertSource } from "../../src/ops/import/import_sources.ts";
import { writeConversion } from "../../src/ops/import/import.ts";
import { driftCheck } from "../../src/contract/drift.ts";
import { baseEnv, ROOT } from "./cli.ts";

export const FIXTURES = `${ROOT}/fixtures`;
export const CORPORA = `${FIXTURES}/corpora`;

/** Writes GitHub's 13 MB description (stored gzipped) to `target`. */
export async function writeGithubDescription(target: string): Promise<void> {
  const file = await Deno.open(`${CORPORA}/openapi/large/github-api.json.gz`);
  const text = await new Response(file.readable.pipeThrough(new DecompressionStream("gzip")))
    .text();
  await Deno.writeTextFile(target, text);
}

/** `METHOD /path/:param` for every operation of an OpenAPI document apispec can run. */
export function openApiOperations(
  doc: { paths?: Record<string, Record<string, unknown>> },
): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ["get", "put", "post", "delete", "options", "head", "patch"]) {
      if (item && typeof item[method] === "object") {
        out.push(
          `${method.toUpperCase()} ${
            path.replace(/\{([^}]+)\}/g, (_, n: string) =>
              `:${
                n.replace(/[^A-Za-z0-9_]+(.)?/g, (_m, c?: string) => (c ?? "").toUpperCase())
              }`)
          }`,
        );
      }
    }
  }
  return out.sort();
}

/** `METHOD path` of every endpoint file under a collection, read from their frontmatter. */
export async function writtenOperations(apis: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (entry.name.endsWith(".md")) {
        const text = await Deno.readTextFile(path);
        const method = /^method: (\S+)$/m.exec(text)?.[1];
        const route = /^path: (.+)$/m.exec(text)?.[1].replace(/^['"]|['"]$/g, "");
        out.push(`${method} ${route}`);
      }
    }
  };
  await walk(apis);
  return out.sort();
}

interface RoundTrip {
  operations: number;
  findings: string[];
  warnings: number;
}

/** `import openapi <file>` into a fresh folder, then `drift <file>` of that collection. */
export async function openApiRoundTrip(file: string): Promise<RoundTrip> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "apispec-corpus-" }));
  try {
    const ctx: OpsContext = { ...systemContext(), cwd: dir, env: { ...baseEnv(), HOME: dir } };
    const outcome = await convertSource("openapi", { path: file }, ctx);
    assert(outcome.ok, `${file}: ${JSON.stringify(!outcome.ok && outcome.error)}`);
    const report = await writeConversion(outcome.conversion, ctx);
    assertEquals(report.exitCode, 0, `${file}: ${JSON.stringify(report.issues)}`);
    const drift = await driftCheck({ openapi: file, dir: join(dir, "api-docs") }, ctx);
    assertEquals(drift.summary.matched, drift.summary.operations, file);
    return {
      operations: drift.summary.operations,
      findings: drift.findings.map((f) => `${f.kind} ${f.method} ${f.path}: ${f.message}`),
      warnings: outcome.conversion.warnings.length,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
