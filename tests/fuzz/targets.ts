/**
 * Every parser of untrusted text, as a fuzz target: its name, the inputs to
 * draw (seeds from fixtures/corpora and the demo collection, mutated) and how
 * to run it. Adding a parser is one line in TARGETS: `issues(...)` for a
 * parser that answers issues, `outcome(...)` for an importer that answers a
 * ConvertOutcome (the SSE/WebSocket scripts of the streams work go here).
 */
import { parseEndpoint } from "../../src/engine/parse/spec.ts";
import { parseFlow } from "../../src/engine/parse/flow.ts";
import { parseFrontmatterOnly, parseProject } from "../../src/engine/parse/project.ts";
import { parseRequestBlock, parseResponseBlock } from "../../src/engine/parse/http_block.ts";
import { parseEnvFile } from "../../src/engine/parse/env.ts";
import { parseDotenv } from "../../src/engine/parse/dotenv.ts";
import { parseData } from "../../src/convert/data.ts";
import { scanSecrets } from "../../src/engine/secrets/scan.ts";
import { fromCurl } from "../../src/convert/clients/from_curl.ts";
import { fromHttpFile } from "../../src/convert/clients/from_http_file.ts";
import { fromPostman } from "../../src/convert/clients/from_postman.ts";
import { fromInsomnia } from "../../src/convert/clients/from_insomnia.ts";
import { fromBruno } from "../../src/convert/clients/from_bruno.ts";
import { fromOpenApi } from "../../src/convert/openapi/from_openapi.ts";
import { fromArazzo } from "../../src/convert/arazzo/from_arazzo.ts";
import type { ConvertOutcome } from "../../src/convert/endpoint.ts";
import type { Issue } from "../../src/engine/issue.ts";
import type fc from "fast-check";
import { ROOT } from "../helpers/cli.ts";
import { anyText, mutatedDocument } from "./arbitraries.ts";

const FILE = "fuzz/input.md";

/** What a run must answer: its documented errors, and how much it made (a memory bound). */
export interface Answer {
  /** Problems with the input, each as the parser documents them. */
  problems: { message: string; line?: number; fix?: string }[];
  /** The size of everything the parser produced, in characters. */
  size: number;
}

export interface FuzzTarget {
  name: string;
  input: fc.Arbitrary<string>;
  /** May be asynchronous: some importers load their helpers when first used. */
  run(text: string): Answer | Promise<Answer>;
}

function size(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** A parser answering `{issues}`: each issue with code, severity, message, a fix for errors. */
function issues(
  name: string,
  input: fc.Arbitrary<string>,
  parse: (text: string) => { issues: Issue[] },
): FuzzTarget {
  return {
    name,
    input,
    run(text) {
      const result = parse(text);
      for (const i of result.issues) {
        if (typeof i.code !== "string" || !["error", "warning"].includes(i.severity)) {
          throw new Error(`not an issue: ${JSON.stringify(i)}`);
        }
        if (i.severity === "error" && !i.fix) {
          throw new Error(`an error without a fix: ${i.message}`);
        }
      }
      return { problems: result.issues.filter((i) => i.severity === "error"), size: size(result) };
    },
  };
}

/** An importer answering a ConvertOutcome: a conversion, or an error with message and fix. */
function outcome(
  name: string,
  input: fc.Arbitrary<string>,
  convert: (text: string) => ConvertOutcome | Promise<ConvertOutcome>,
): FuzzTarget {
  return {
    name,
    input,
    async run(text) {
      const result = await convert(text);
      if (result.ok) {
        if (!Array.isArray(result.conversion.endpoints)) throw new Error("no endpoints array");
        return { problems: [], size: size(result.conversion) };
      }
      if (typeof result.error?.message !== "string" || typeof result.error.fix !== "string") {
        throw new Error(`not a documented error: ${JSON.stringify(result)}`);
      }
      return { problems: [result.error], size: size(result.error) };
    },
  };
}

/** JSON or YAML text as the importers read it, then `convert` on the value. */
function fromData(
  convert: (value: unknown) => ConvertOutcome | Promise<ConvertOutcome>,
  name: string,
) {
  return async (text: string): Promise<ConvertOutcome> => {
    const parsed = parseData(text, name);
    return parsed.ok ? await convert(parsed.value) : parsed;
  };
}

const read = (path: string) => Deno.readTextFileSync(`${ROOT}/${path}`);

/** Files under a folder of the repository whose names pass `keep`, at most `limit`. */
function files(folder: string, keep: RegExp, limit = 40): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (
      const entry of [...Deno.readDirSync(`${ROOT}/${dir}`)].sort((a, b) =>
        a.name < b.name ? -1 : 1
      )
    ) {
      if (found.length >= limit) return;
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (keep.test(entry.name) && Deno.statSync(`${ROOT}/${path}`).size < 64_000) {
        found.push(read(path));
      }
    }
  };
  walk(folder);
  return found;
}

const DEMO = "fixtures/demo/api-docs";
const endpoints = files(`${DEMO}/apis`, /\.md$/);
const flows = files(`${DEMO}/flows`, /\.md$/);
const requestBlocks = endpoints.map((t) =>
  /## Request\n+```http\n([\s\S]*?)```/.exec(t)?.[1] ?? ""
);
const responseBlocks = endpoints.map((t) =>
  /## Expected response\n+```http\n([\s\S]*?)```/.exec(t)?.[1] ?? ""
);
const postman = files("fixtures/corpora/postman", /collection\.json$|\.json$/);
const insomnia = files("fixtures/corpora/insomnia", /\.(ya?ml|json)$/);
const openapi = files("fixtures/corpora/openapi/oai-examples/v3.0", /\.(ya?ml|json)$/, 20);
const arazzoSeed = read("fixtures/corpora/arazzo/pet-coupons.arazzo.yaml");
const arazzoOpenApi = parseData(read("fixtures/corpora/arazzo/pet-coupons.openapi.yaml"), "o.yaml");
const bruManifest = '{"version": "1", "name": "fuzz", "type": "collection"}';
const docs = (texts: string[]) =>
  texts.map((t) => parseData(t, "seed.json")).filter((r) => r.ok).map((r) => r.ok && r.value);

export const TARGETS: FuzzTarget[] = [
  issues("endpoint markdown", anyText(endpoints), (t) => parseEndpoint(t, FILE)),
  issues("flow markdown", anyText(flows), (t) => parseFlow(t, FILE)),
  issues("frontmatter", anyText(endpoints), (t) => ({ issues: parseFrontmatterOnly(t, FILE) })),
  issues("project.md", anyText([read(`${DEMO}/project.md`)]), (t) => parseProject(t, FILE)),
  issues(
    "env file",
    anyText([read(`${DEMO}/_shared/env.template.md`)]),
    (t) => parseEnvFile(t, FILE),
  ),
  issues("dotenv", anyText(["A=1\nB='two'\nexport C=\"x y\"\n# c\n"]), (t) => parseDotenv(t, FILE)),
  issues("HTTP request block", anyText(requestBlocks), (t) => parseRequestBlock(t, FILE, 10)),
  issues("HTTP response block", anyText(responseBlocks), (t) => parseResponseBlock(t, FILE, 20)),
  issues("secret scanner", anyText([...endpoints, ...responseBlocks]), (t) => ({
    issues: scanSecrets(t, FILE),
  })),
  outcome("curl", anyText(files("fixtures/corpora/curl/curl_commands", /\.sh$/)), fromCurl),
  outcome(
    "http file",
    anyText(files("fixtures/corpora/http", /\.http$/)),
    (t) => fromHttpFile(t, "f.http"),
  ),
  outcome("Postman", mutatedDocument(docs(postman)), fromData(fromPostman, "p.json")),
  outcome("Postman text", anyText(postman), fromData(fromPostman, "p.json")),
  outcome("Insomnia", mutatedDocument(docs(insomnia)), fromData(fromInsomnia, "i.json")),
  outcome("Insomnia text", anyText(insomnia), fromData(fromInsomnia, "i.yaml")),
  outcome(
    "Bruno",
    anyText(files("fixtures/corpora/bruno", /\.bru$/)),
    (t) =>
      fromBruno([{ path: "bruno.json", text: bruManifest }, { path: "x/request.bru", text: t }]),
  ),
  outcome("OpenAPI", mutatedDocument(docs(openapi)), fromData((doc) => fromOpenApi(doc), "o.json")),
  outcome("OpenAPI text", anyText(openapi), fromData((doc) => fromOpenApi(doc), "o.yaml")),
  {
    name: "Arazzo",
    input: anyText([arazzoSeed]),
    async run(text) {
      const parsed = parseData(text, "a.yaml");
      if (!parsed.ok) return { problems: [parsed.error], size: 0 };
      const doc = parsed.value;
      // As `import arazzo` checks before converting.
      if (!doc || typeof doc !== "object" || Array.isArray(doc)) return { problems: [], size: 0 };
      const result = await fromArazzo(
        doc as Record<string, unknown>,
        (arazzoOpenApi.ok ? arazzoOpenApi.value : {}) as Record<string, unknown>,
        [],
      );
      if (!result.errors.every((e) => typeof e === "string")) throw new Error("errors not text");
      return { problems: result.errors.map((message) => ({ message })), size: size(result) };
    },
  },
];
