/**
 * The one command table: names, arguments, flags and a lazy loader per
 * command. Parsing, help and shell completion are all generated from it, and
 * a command's module is imported only when it runs.
 */
import type { ArgDef, FlagDef, ParsedArgs } from "./args.ts";
import type { CliIO } from "./io.ts";

export interface CommandModule {
  run(args: ParsedArgs, io: CliIO): Promise<number>;
}

export interface CommandDef {
  /** One or two words: `exec`, `import openapi`. */
  name: string;
  summary: string;
  args: ArgDef[];
  flags: FlagDef[];
  /** Pairs of flags that cannot be used together. */
  conflicts?: [string, string][];
  load: () => Promise<CommandModule>;
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
const outputFormats = ["console", "junit", "json", "markdown"] as const;

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
    load: () => import("./commands/init.ts"),
  },
  {
    name: "validate",
    summary: "Validate an endpoint, flow or environment file, or every file in a folder",
    args: [{ name: "path", required: true, complete: "file" }],
    flags: [{
      name: "output",
      type: "enum",
      values: ["console", "json"],
      default: "console",
      description: "Output format",
    }],
    load: () => import("./commands/validate.ts"),
  },
  {
    name: "exec",
    summary: "Send an endpoint's request and compare the response with the expected one",
    args: [{ name: "file", required: true, complete: "file" }],
    flags: [
      env,
      {
        name: "output",
        type: "enum",
        values: outputFormats,
        default: "console",
        description: "Output format",
      },
      vars,
      dryRun,
      timeout,
      strictAssertions,
    ],
    load: () => import("./commands/exec.ts"),
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
      {
        name: "output",
        type: "enum",
        values: ["console", "json"],
        default: "console",
        description: "Output format",
      },
    ],
    load: () => import("./commands/request.ts"),
  },
  {
    name: "index",
    summary: "Regenerate api-docs/README.md, grouped by resource",
    args: [],
    flags: [],
    load: () => import("./commands/index_cmd.ts"),
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
    ],
    load: () => import("./commands/demo.ts"),
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
        type: "integer",
        valueName: "ms",
        description: "Delay every response by this many milliseconds",
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
    load: () => import("./commands/mock.ts"),
  },
  {
    name: "version",
    summary: "Print the version",
    args: [],
    flags: [],
    load: () => import("./commands/version.ts"),
  },
];

/** Finds the command named by the leading words of `words` (longest match first). */
export function findCommand(words: string[]): { command?: CommandDef; consumed: number } {
  for (const length of [2, 1]) {
    const name = words.slice(0, length).join(" ");
    const command = COMMANDS.find((c) => c.name === name);
    if (command && words.length >= length) return { command, consumed: length };
  }
  return { consumed: 0 };
}
