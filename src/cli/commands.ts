/**
 * The one command table: names, arguments and flags per command, as data.
 * Parsing, help and shell completion are all generated from it; `dispatch.ts`
 * maps each name to the module that runs it, imported only when it runs.
 */
import { AGENT_IDS } from "../agents/registry.ts";
import { SHELLS } from "./completion/shells.ts";
import type { ArgDef, FlagDef } from "./args.ts";
import { contextFlags } from "./commands/context_flags.ts";
import { DRIFT_KINDS } from "../engine/contract/model.ts";
import { FUZZ_CHECKS } from "../engine/fuzz/model.ts";

/** `check --report` formats; the first is the default. */
export const CHECK_REPORT_FORMATS = ["markdown", "github", "junit", "json", "html"] as const;

export interface CommandDef {
  /** One or two words: `exec`, `import openapi`. */
  name: string;
  summary: string;
  args: ArgDef[];
  flags: FlagDef[];
  /** Pairs of flags that cannot be used together. */
  conflicts?: [string, string][];
}

const env: FlagDef = {
  name: "env",
  type: "string",
  valueName: "name",
  description: "Environment (default: project default-env, else dev)",
};
const vars: FlagDef = {
  name: "var",
  type: "string",
  multiple: true,
  valueName: "key=value",
  description: "Variable override (repeatable); beats every source but captures",
};
const timeout: FlagDef = {
  name: "timeout",
  type: "integer",
  min: 1,
  valueName: "ms",
  description: "Request timeout; beats endpoint and project values",
};
const dryRun: FlagDef = {
  name: "dry-run",
  type: "boolean",
  description: "Resolve and show the request without sending it",
};
const strictAssertions: FlagDef = {
  name: "strict-assertions",
  type: "boolean",
  description: "Failing assertions fail the run",
};
/** TLS and token-cache switches of every command that sends requests (docs/auth.md). */
const transportFlags: FlagDef[] = [
  {
    name: "ca",
    type: "string",
    multiple: true,
    valueName: "pem",
    complete: "file",
    description: "Trust this CA certificate besides the system roots (beats tls.ca; repeatable)",
  },
  {
    name: "cert",
    type: "string",
    valueName: "pem",
    complete: "file",
    description: "Client certificate for mTLS (with --key; beats tls.cert)",
  },
  {
    name: "key",
    type: "string",
    valueName: "pem",
    complete: "file",
    description: "Private key of --cert",
  },
  {
    name: "insecure",
    type: "boolean",
    description: "Do not verify TLS certificates (testing only; warns on every run)",
  },
  {
    name: "no-token-cache",
    type: "boolean",
    description: "Neither read nor write cached OAuth 2.0 tokens in this run",
  },
];
const outputFormats = ["console", "junit", "json", "markdown"] as const;
/** Documents name other documents; none is fetched from the network unless the user says so. */
const allowRemote: FlagDef = {
  name: "allow-remote",
  type: "boolean",
  description: "Fetch the http(s) documents a document names ($ref, source descriptions)",
};
const agent: FlagDef = {
  name: "agent",
  type: "enum",
  values: AGENT_IDS,
  description: "One agent instead of every detected one",
};
/** `--output`: the formats a command prints, the first being the default. */
function output(values: readonly string[], description = "Output format"): FlagDef {
  return { name: "output", type: "enum", values, default: values[0], description };
}
const consoleOrJson = output(["console", "json"]);

export const COMMANDS: CommandDef[] = [
  {
    name: "init",
    summary: "Scaffold api-docs/ with config, environment files and .gitignore entries",
    args: [],
    flags: [
      {
        name: "name",
        type: "string",
        valueName: "s",
        description: "Project name (default my-api with --yes)",
      },
      {
        name: "dev-url",
        type: "string",
        valueName: "url",
        description: "Base URL of the dev environment (default http://localhost:8080)",
      },
    ],
  },
  {
    name: "validate",
    summary: "Validate an endpoint, flow or environment file, or every file in a folder",
    args: [{ name: "path", required: true, complete: "file" }],
    flags: [output(["console", "json"]), {
      name: "no-cache",
      type: "boolean",
      description: "Validate every file again instead of reusing results for files that " +
        "did not change (the cache lives in the user's cache folder)",
    }],
  },
  {
    name: "exec",
    summary: "Send an endpoint's request and compare the response with the expected one",
    args: [{ name: "file", required: true, complete: "file" }],
    flags: [
      env,
      output(outputFormats),
      vars,
      dryRun,
      timeout,
      strictAssertions,
      {
        name: "update",
        type: "boolean",
        description:
          "Rewrite ## Expected response (status, listed headers, body) from the live response; " +
          "asks first on a terminal unless --yes",
      },
      ...transportFlags,
    ],
    conflicts: [["update", "dry-run"]],
  },
  {
    name: "flow",
    summary: "Run a pipeline: chain endpoint files and pass captured values on",
    args: [{ name: "pipeline", required: true, complete: "file" }],
    flags: [
      env,
      output([...outputFormats, "html"]),
      vars,
      {
        name: "parallel",
        type: "boolean",
        description: "Run independent steps at once (a step still waits for the captures it uses)",
      },
      { name: "no-parallel", type: "boolean", description: "Run the steps one after another" },
      {
        ...dryRun,
        description: "Show the plan and resolve every request without sending anything",
      },
      { ...timeout, description: "Request timeout for every step" },
      strictAssertions,
      {
        name: "data",
        type: "string",
        valueName: "file",
        complete: "file",
        description: "Run the flow once per row of a CSV, JSON or JSON Lines file (beats data:)",
      },
      ...transportFlags,
    ],
    conflicts: [["parallel", "no-parallel"]],
  },
  {
    name: "diagnose",
    summary: "Run an endpoint and explain the outcome: likely cause, next action, commands",
    args: [{ name: "file", required: true, complete: "file" }],
    flags: [
      env,
      output(["console", "json"]),
      vars,
      timeout,
      strictAssertions,
      ...transportFlags,
    ],
  },
  {
    name: "check",
    summary: "Check the contracts of changed endpoint and flow files (for pull requests)",
    args: [{ name: "dir", required: true, complete: "dir" }],
    flags: [
      {
        name: "changed-from",
        type: "string",
        valueName: "ref",
        description: "Git ref; check only files changed since its merge base, and flows using them",
      },
      {
        name: "report",
        type: "string",
        multiple: true,
        values: CHECK_REPORT_FORMATS,
        valueName: "format[=file]",
        description: `Report (${
          CHECK_REPORT_FORMATS.join(", ")
        }) to stdout, or to a file with =file; repeatable, at most one to stdout`,
      },
      env,
      vars,
      strictAssertions,
      {
        name: "concurrency",
        type: "integer",
        valueName: "n",
        description:
          "Items in flight (default 8; 1 is sequential); one resource runs one at a time",
      },
      {
        name: "shard",
        type: "string",
        valueName: "i/n",
        description: "Run shard i of n (1-based), balanced by durations",
      },
      {
        name: "timings",
        type: "string",
        valueName: "file",
        description: 'Durations that balance shards ({"<path>": ms}, from --write-timings)',
        complete: "file",
      },
      {
        name: "write-timings",
        type: "string",
        valueName: "file",
        description: "Write each item's duration for the next --timings",
        complete: "file",
      },
      ...transportFlags,
    ],
  },
  {
    name: "history",
    summary: "Show an endpoint's recent runs, newest first, and their trend",
    args: [{ name: "spec", required: true, complete: "file" }],
    flags: [
      {
        name: "last",
        type: "integer",
        default: 10,
        valueName: "n",
        description: "How many runs to show (the trend always covers the last 6)",
      },
      consoleOrJson,
    ],
  },
  {
    name: "request",
    summary: "Send an ad-hoc request without a spec; --save writes one",
    args: [
      {
        name: "method",
        required: true,
        values: ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"],
      },
      { name: "url", required: true },
    ],
    flags: [
      {
        name: "header",
        short: "H",
        type: "string",
        multiple: true,
        valueName: "Name: Value",
        description: "Request header (repeatable)",
      },
      {
        name: "data",
        short: "d",
        type: "string",
        valueName: "body|@file",
        description: "Request body, or @file to read it",
      },
      env,
      vars,
      dryRun,
      timeout,
      {
        name: "save",
        type: "string",
        optionalValue: true,
        valueName: "path",
        description: "Write a spec from the exchange; without a path, to apis/scratch/",
        complete: "file",
      },
      output(["console", "json"]),
      ...transportFlags,
    ],
  },
  {
    name: "auth login",
    summary: "Sign in for OAuth 2.0 (authorization code with PKCE) or fetch a token, and cache it",
    args: [{ name: "file", required: false, complete: "file" }],
    flags: [
      env,
      vars,
      { name: "no-browser", type: "boolean", description: "Print the sign-in URL only" },
      output(["console", "json"]),
      ...transportFlags.filter((f) => f.name !== "no-token-cache"),
    ],
  },
  {
    name: "auth status",
    summary: "Show each cached OAuth 2.0 token's grant, scope and expiry (never the token)",
    args: [],
    flags: [env, output(["console", "json"])],
  },
  {
    name: "auth logout",
    summary: "Delete cached OAuth 2.0 tokens (of one environment with --env)",
    args: [],
    flags: [env],
  },
  {
    name: "index",
    summary: "Regenerate api-docs/README.md, grouped by resource",
    args: [],
    flags: [],
  },
  {
    name: "demo",
    summary: "Run the embedded demo collection against the embedded demo API",
    args: [],
    flags: [
      {
        name: "keep",
        type: "string",
        valueName: "dir",
        description: "Write the demo collection to this folder and keep it",
        complete: "dir",
      },
      {
        name: "serve",
        type: "boolean",
        description:
          "Keep the demo API running after the demo (until Ctrl-C), so the collection runs",
      },
    ],
  },
  ...importCommands(),
  {
    name: "export openapi",
    summary: "Write an OpenAPI 3.1 document from a collection's endpoint files",
    args: [{ name: "dir", required: false, complete: "dir" }],
    flags: [
      {
        name: "out",
        type: "string",
        valueName: "file",
        description: "Write to this file (atomically) instead of stdout",
        complete: "file",
      },
      { name: "json", type: "boolean", description: "JSON instead of YAML" },
    ],
  },
  ...["artillery", "k6"].map((engine): CommandDef => ({
    name: `export ${engine}`,
    summary: `Write ${
      engine === "k6" ? "a k6 script" : "an Artillery script"
    } (load test) from a flow or a folder`,
    args: [{ name: "target", required: true, complete: "file" }],
    flags: [
      env,
      vars,
      {
        name: "duration",
        type: "integer",
        valueName: "s",
        description: "Test duration in seconds (default 60)",
      },
      {
        name: "rate",
        type: "integer",
        valueName: "n",
        description: "New virtual users per second (default 5)",
      },
      {
        name: "out",
        type: "string",
        valueName: "file",
        description: "Write to this file (atomically) instead of stdout",
        complete: "file",
      },
    ],
  })),
  {
    name: "export arazzo",
    summary: "Write flows as an Arazzo 1.0 document (workflows any Arazzo runner can run)",
    args: [{ name: "flow", required: true, complete: "file" }],
    flags: [
      {
        name: "openapi",
        type: "string",
        valueName: "file",
        description: "OpenAPI document the steps name (default: the collection's export, " +
          "written beside the Arazzo file)",
        complete: "file",
      },
      {
        name: "out",
        type: "string",
        valueName: "file",
        description: "Write to this file (atomically) instead of stdout",
        complete: "file",
      },
      allowRemote,
    ],
  },
  {
    name: "import arazzo",
    summary: "Write an Arazzo document's workflows as flows (and endpoint files they lack)",
    args: [{ name: "file", required: true, complete: "file" }],
    flags: [
      {
        name: "openapi",
        type: "string",
        valueName: "file",
        description:
          "OpenAPI document of the steps (default: the Arazzo file's source description)",
        complete: "file",
      },
      output(["console", "json"], "Output format of the report"),
      allowRemote,
    ],
  },
  {
    name: "drift",
    summary: "Compare the collection with an OpenAPI document, both ways (missing, undocumented, " +
      "statuses, bodies, parameters)",
    args: [
      // Optional: project.md's `openapi:` when left out (as coverage).
      { name: "openapi", required: false, complete: "file" },
      { name: "dir", required: false, complete: "dir" },
    ],
    flags: [
      {
        name: "report",
        type: "enum",
        values: ["console", "markdown", "github", "junit", "json"],
        default: "console",
        description: "Report format",
      },
      {
        name: "ignore",
        type: "enum",
        values: DRIFT_KINDS,
        multiple: true,
        valueName: "kind",
        description: "Leave out a kind of finding (repeatable)",
      },
      allowRemote,
      {
        name: "graphql",
        type: "string",
        valueName: "schema|url",
        description: "Check the GraphQL files' queries against this schema (SDL, introspection " +
          "JSON or URL) instead; the positional is then the collection folder",
        complete: "file",
      },
    ],
  },
  {
    name: "coverage",
    summary: "How much of the API runnable specs cover: per endpoint file, from run history",
    args: [{ name: "dir", required: false, complete: "dir" }],
    flags: [
      {
        name: "openapi",
        type: "string",
        valueName: "file",
        description: "Count the operations of this OpenAPI document covered by passing specs",
        complete: "file",
      },
      output(["console", "json", "markdown"]),
      {
        name: "min",
        type: "string",
        valueName: "pct",
        description: "Exit 1 when coverage_pct is below this percentage (for CI)",
      },
      allowRemote,
    ],
  },
  {
    name: "fuzz",
    summary: "Send requests generated from the OpenAPI document and save each failure as an " +
      "endpoint file (test environments only)",
    args: [{ name: "dir", required: false, complete: "dir" }],
    flags: [
      {
        name: "openapi",
        type: "string",
        valueName: "file",
        description: "The OpenAPI document (default: project.md's openapi:)",
        complete: "file",
      },
      env,
      vars,
      {
        name: "max-examples",
        type: "integer",
        min: 1,
        valueName: "n",
        description: "Cases per operation, valid and invalid each (default 50)",
      },
      {
        name: "seed",
        type: "integer",
        min: 0,
        valueName: "n",
        description: "Repeat a run: the same seed sends the same requests (always printed)",
      },
      {
        name: "checks",
        type: "string",
        multiple: true,
        valueName: "list",
        description: `Checks to run (default all): ${FUZZ_CHECKS.join(", ")}`,
      },
      {
        name: "methods",
        type: "string",
        multiple: true,
        valueName: "list",
        description: "Fuzz only operations of these methods, e.g. GET,POST",
      },
      {
        name: "stateful",
        type: "boolean",
        description: "Chain operations by OpenAPI links and the collection's flows",
      },
      {
        name: "time-budget",
        type: "string",
        valueName: "s",
        description: "Seconds after which no new request starts",
      },
      {
        name: "concurrency",
        type: "integer",
        min: 1,
        valueName: "n",
        description: "Operations in flight (default 4; 1 is sequential); one resource at a time",
      },
      ...transportFlags,
      {
        name: "out",
        type: "string",
        valueName: "dir",
        description: "Where failures are written (default api-docs/fuzz/; never over a file)",
        complete: "dir",
      },
      {
        name: "report",
        type: "string",
        multiple: true,
        values: CHECK_REPORT_FORMATS,
        valueName: "format[=file]",
        description: "Report as check writes it, to stdout or a file; repeatable",
      },
    ],
  },
  {
    name: "serve",
    summary: "Start the local preview server with the web UI; watches files and refreshes browsers",
    args: [{ name: "path", required: false, complete: "dir" }],
    flags: [
      {
        name: "port",
        type: "integer",
        default: 8080,
        valueName: "n",
        description: "Port to listen on (0 picks a free one)",
      },
      {
        name: "host",
        type: "string",
        default: "127.0.0.1",
        valueName: "addr",
        description: "Address to bind; 0.0.0.0 exposes the preview to the network",
      },
      env,
      {
        name: "mock",
        type: "boolean",
        description: "Send returns the expected response instead of sending the request",
      },
    ],
  },
  {
    name: "desktop",
    summary: "Open the preview UI in an app window (the preview server runs in-process)",
    args: [{ name: "path", required: false, complete: "dir" }],
    flags: [
      env,
      {
        name: "mock",
        type: "boolean",
        description: "Send returns the expected response instead of sending the request",
      },
    ],
  },
  {
    name: "mock",
    summary: "Serve every endpoint file's expected response as a mock HTTP server",
    args: [{ name: "dir", required: false, complete: "dir" }],
    flags: [
      {
        name: "port",
        type: "integer",
        default: 4001,
        valueName: "n",
        description: "Port to listen on (0 picks a free one)",
      },
      {
        name: "latency",
        type: "string",
        valueName: "ms|min-max",
        description: "Delay every response by this many milliseconds, or a random time in a range",
      },
      {
        name: "stateful",
        type: "boolean",
        description: "Collections keep state: POST stores, GET reads, PUT/PATCH/DELETE change it",
      },
      {
        name: "max-state",
        type: "string",
        valueName: "size",
        description:
          "With --stateful: the most JSON the state holds, e.g. 64MiB (default 256MiB; past it 507)",
      },
      {
        name: "cors-origin",
        type: "string",
        multiple: true,
        valueName: "origin|*",
        description:
          "Let browser pages from this origin call the mock (repeatable; * for any); default: this machine's pages only",
      },
      {
        name: "error-rate",
        type: "string",
        valueName: "0..1",
        description: "Answer this share of requests with a documented 5xx response (else 500)",
      },
      {
        name: "host",
        type: "string",
        default: "127.0.0.1",
        valueName: "address",
        description: "Address to bind; 0.0.0.0 exposes the mock on the network",
      },
      {
        name: "quiet",
        short: "q",
        type: "boolean",
        description: "Do not log each request",
      },
    ],
  },
  {
    name: "proxy",
    summary:
      "Forward to an API, compare each exchange with its endpoint file, record undocumented routes",
    args: [{ name: "dir", required: false, complete: "dir" }],
    flags: [
      {
        name: "target",
        type: "string",
        valueName: "url",
        description: "The API to forward to, e.g. http://127.0.0.1:8080 (required)",
      },
      {
        name: "port",
        type: "integer",
        default: 4002,
        valueName: "n",
        description: "Port to listen on (0 picks a free one)",
      },
      {
        name: "host",
        type: "string",
        default: "127.0.0.1",
        valueName: "address",
        description: "Address to bind; 0.0.0.0 exposes the proxy on the network",
      },
      {
        name: "record",
        type: "string",
        valueName: "dir",
        description: "Write a draft endpoint file for each undocumented route into <dir>/apis/",
        complete: "dir",
      },
      {
        name: "report",
        type: "string",
        valueName: "file.jsonl",
        description: "Append every exchange (secrets masked) to this JSON Lines file",
        complete: "file",
      },
      { ...timeout, description: "How long the target may stay silent (default 30000)" },
      {
        name: "quiet",
        short: "q",
        type: "boolean",
        description: "Print only violations and recorded drafts, not every exchange",
      },
    ],
  },
  {
    name: "context",
    summary:
      "Print bounded API context for agents: targets, a flow, changed specs or the collection",
    args: [{ name: "target", required: false, variadic: true, complete: "file" }],
    flags: [
      ...contextFlags({ tokenBudget: 600, maxFields: 8 }),
      output(
        ["markdown", "json"],
        "Output format; json wraps the text with env, root, target and budget",
      ),
    ],
  },
  {
    name: "agent pack",
    summary: "Write the agent context pack (.apispec/agent-context.md)",
    args: [{ name: "target", required: false, variadic: true, complete: "file" }],
    flags: [
      ...contextFlags({ tokenBudget: 1600, maxFields: 8 }),
      {
        name: "out",
        type: "string",
        valueName: "file",
        description: "Where to write (default .apispec/agent-context.md at the project root)",
        complete: "file",
      },
    ],
  },
  {
    name: "mcp",
    summary: "Start the MCP tool server on stdio (for coding agents)",
    args: [],
    flags: [],
  },
  {
    name: "skills install",
    summary: "Install the apispec skill (and slash commands) for detected coding agents",
    args: [],
    flags: [agent],
  },
  {
    name: "skills list",
    summary: "List coding agents, whether each is detected and its skill installed and current",
    args: [],
    flags: [consoleOrJson],
  },
  {
    name: "skills uninstall",
    summary: "Remove the skill files apispec installed",
    args: [],
    flags: [agent],
  },
  {
    name: "install mcp",
    summary: "Add the apispec MCP server to detected coding agents' config files",
    args: [],
    flags: [agent],
  },
  {
    name: "doctor",
    summary: "Check the collection, ignore entries, specs and agent setup; --fix mends them",
    args: [],
    flags: [
      {
        name: "fix",
        type: "boolean",
        description: "Add missing ignore entries, refresh stale skills and remove files left by " +
          "interrupted writes, then check again",
      },
      consoleOrJson,
    ],
  },
  {
    name: "completion",
    summary: "Print the shell completion script",
    args: [{
      name: "shell",
      required: true,
      values: SHELLS,
    }],
    flags: [],
  },
  {
    name: "version",
    summary: "Print the version",
    args: [],
    flags: [],
  },
];

/** `import <kind>` commands: each takes its input, writes endpoint files and reports them. */
function importCommands(): CommandDef[] {
  const reportOutput = output(["console", "json"], "Output format of the report");
  const fileImporter = (
    kind: "openapi" | "hostedclient" | "desktopclient" | "collection" | "http",
    summary: string,
    arg: string,
  ): CommandDef => ({
    name: `import ${kind}`,
    summary,
    args: [{ name: arg, required: true, complete: kind === "collection" ? "dir" : "file" }],
    flags: [reportOutput],
  });
  return [
    {
      ...fileImporter(
        "openapi",
        "Import an OpenAPI 3.0/3.1 or Swagger 2.0 document (YAML or JSON; a file or an http(s) URL)",
        "file|url",
      ),
      flags: [reportOutput, allowRemote],
    },
    fileImporter("hostedclient", "Import a Postman collection export (v2.1 or v2.0 JSON)", "file"),
    fileImporter("desktopclient", "Import an Insomnia export (v4 JSON/YAML, or v5 YAML)", "file"),
    fileImporter("collection", "Import a Bruno collection folder (.bru files)", "dir"),
    fileImporter("http", "Import a .http request file (JetBrains / VS Code REST Client)", "file"),
    // The names people search for, beside SPEC.md's neutral ones; the same importers.
    {
      ...fileImporter(
        "hostedclient",
        "Import a Postman collection (same as import hostedclient)",
        "file",
      ),
      name: "import postman",
    },
    {
      ...fileImporter(
        "desktopclient",
        "Import an Insomnia export (same as import desktopclient)",
        "file",
      ),
      name: "import insomnia",
    },
    {
      ...fileImporter(
        "collection",
        "Import a Bruno collection folder (same as import collection)",
        "dir",
      ),
      name: "import bruno",
    },
    {
      name: "import curl",
      summary: "Import one cURL command from stdin or --file",
      args: [],
      flags: [
        {
          name: "file",
          type: "string",
          valueName: "path",
          description: "Read the command from this file instead of stdin",
          complete: "file",
        },
        reportOutput,
      ],
    },
    {
      name: "import graphql",
      summary: "Import a GraphQL schema (SDL, introspection JSON, or a URL by introspection): " +
        "one file per query and mutation",
      args: [{ name: "schema", required: true, complete: "file" }],
      flags: [
        {
          name: "path",
          type: "string",
          valueName: "path",
          description: "Path the API serves GraphQL at (default: the URL's, else /graphql)",
        },
        reportOutput,
      ],
    },
    {
      name: "import project",
      summary:
        "Discover a project's API: --url, an OpenAPI file, a running dev server, or routes in the source",
      args: [{ name: "path", required: false, complete: "dir" }],
      flags: [
        {
          name: "port",
          type: "integer",
          valueName: "n",
          description: "Probe the dev server on this port (default: common ports)",
        },
        {
          name: "url",
          type: "string",
          valueName: "url",
          description: "URL of the OpenAPI document to import",
        },
        reportOutput,
        allowRemote,
      ],
    },
  ];
}

/** Finds the command named by the leading words of `words` (longest match first). */
export function findCommand(words: string[]): { command?: CommandDef; consumed: number } {
  for (const length of [2, 1]) {
    const name = words.slice(0, length).join(" ");
    const command = COMMANDS.find((c) => c.name === name);
    if (command && words.length >= length) return { command, consumed: length };
  }
  return { consumed: 0 };
}
