/**
 * `apispec request`: an ad-hoc request without a spec. `{{var}}` and relative
 * URLs resolve through the same layers as `exec`. Nothing is written unless
 * `save` is given; a saved spec passes `validate` as written (credentials
 * become placeholders).
 */
import { basename, dirname, join, resolve } from "../../adapters/path.ts";
import {
  EXIT,
  type ExitCode,
  exitCodeFor,
  type Issue,
  issue,
  warning,
} from "../../engine/issue.ts";
import type {
  AuthKind,
  EndpointSpec,
  HttpMethod,
  HttpResponse,
  ResolvedRequest,
} from "../../engine/model.ts";
import { buildExchange } from "../../engine/resolve/build.ts";
import { CLI_ORDER } from "../../engine/resolve/layers.ts";
import { type EndpointDraft, renderSpec, specFileName } from "../../engine/render/spec_md.ts";
import {
  expectedFromResponse,
  MAX_SAVED_BODY,
  tooLargeToSave,
} from "../../convert/from_exchange.ts";
import { formatBytes } from "../../engine/bytes.ts";
import { isSecretHeader, maskRequest, maskResponse } from "../../engine/secrets/mask.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import type { NetworkFailure } from "../../engine/diagnose/classify.ts";
import { createTextExclusive, exists, readText } from "../../adapters/fs.ts";
import { createInside } from "../../adapters/contain.ts";
import { RunTransport, type TransportOptions } from "../auth/transport.ts";
import { repositoryTop } from "../../adapters/git.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  buildLayers,
  COLLECTION_DIR,
  defaultWorkspace,
  displayPath,
  findCollectionRoot,
  loadCollection,
  selectEnv,
} from "../collection/load.ts";
import { OS_PREFIXES } from "./exec.ts";

export interface RequestInput {
  method: HttpMethod;
  url: string;
  headers: string[];
  /** Body text, or `@path` to read it from a file. */
  data?: string;
  env?: string;
  vars: Record<string, string>;
  dryRun: boolean;
  timeoutMs?: number;
  /** Undefined: do not save; "": save to the scratch folder; else the target path. */
  save?: string;
  config?: string;
  /** `--ca/--cert/--key/--insecure/--no-token-cache`. */
  transportOptions?: TransportOptions;
}

/** Project default auth kinds a request without a spec still uses: they need no header of its own. */
const AD_HOC_AUTH = new Set(["oauth2", "digest", "apikey", "aws-sigv4"]);

export interface RequestResult {
  request?: ResolvedRequest;
  response?: HttpResponse;
  failure?: NetworkFailure;
  duration_ms: number;
  saved?: string;
  /** What the saved file needs before it runs (the credentials its `auth:` reads). */
  notes: string[];
  issues: Issue[];
  exitCode: ExitCode;
}

function parseHeaderArgs(
  values: string[],
): { headers: { name: string; value: string; line: number }[]; issues: Issue[] } {
  const headers = [];
  const issues: Issue[] = [];
  for (const value of values) {
    const match = /^([^:\s]+)\s*:\s*(.*)$/.exec(value);
    if (!match) {
      issues.push(issue("USAGE", `Invalid header "${value}"`, { fix: 'Write -H "Name: Value"' }));
      continue;
    }
    headers.push({ name: match[1], value: match[2], line: 1 });
  }
  return { headers, issues };
}

export async function sendAdHoc(input: RequestInput, ctx: OpsContext): Promise<RequestResult> {
  const { headers, issues } = parseHeaderArgs(input.headers);
  let body = input.data ?? "";
  if (body.startsWith("@")) {
    try {
      body = await readText(resolve(ctx.cwd, body.slice(1)));
    } catch (error) {
      issues.push(
        issue("USAGE", `Cannot read body file ${body.slice(1)}: ${(error as Error).message}`, {
          fix: "Check the path after @",
        }),
      );
    }
  }
  const root = await findCollectionRoot({ config: input.config }, ctx);
  const collection = await loadCollection(root, ctx, input.config);
  issues.push(...collection.issues);
  const { env, issues: envIssues } = selectEnv(collection, input.env);
  issues.push(...envIssues);
  if (issues.some((i) => i.severity === "error")) {
    return { duration_ms: 0, notes: [], issues, exitCode: exitCodeFor(issues) };
  }

  const spec = adHocSpec(input, headers, body);
  const layers = buildLayers(
    collection,
    env,
    { cli: input.vars },
    CLI_ORDER,
    [...OS_PREFIXES.cli],
    ctx.env,
  );
  const auth = AD_HOC_AUTH.has(collection.config.auth) ? collection.config.auth : "none";
  const built = buildExchange(spec, { layers, auth, env, project: collection.config });
  if (!built.request) {
    return {
      duration_ms: 0,
      notes: [],
      issues: [...issues, ...built.issues],
      exitCode: exitCodeFor(built.issues),
    };
  }
  const request = built.request;
  let response: HttpResponse | undefined;
  let failure: NetworkFailure | undefined;
  let duration = 0;
  let sentRequest = request;
  const secrets = [...built.secrets];
  if (!input.dryRun) {
    const transport = new RunTransport({ ...input.transportOptions, cookies: false }, ctx);
    const sent = await transport.exchange({
      request,
      auth: built.auth,
      transport: built.transport,
      cookies: false,
      timeoutMs: input.timeoutMs ?? collection.config.timeout,
      env,
      base: collection.root,
    });
    transport.close();
    secrets.push(...transport.secrets);
    issues.push(...transport.warnings);
    sentRequest = sent.sent;
    response = sent.response;
    failure = sent.failure;
    duration = sent.durationMs;
    if (sent.problem) {
      issues.push(issue("VALIDATION_ERROR", sent.problem, {
        fix: "Check the tls: paths in api-docs/project.md or the --ca/--cert/--key flags",
      }));
    } else if (sent.refused) {
      // The token endpoint refused or was unreachable: nothing reached the API.
      const refused = issue(sent.refused.error_type, sent.refused.hint);
      issues.push(refused);
      return {
        request: maskRequest(sentRequest, secrets),
        duration_ms: 0,
        notes: [],
        issues,
        exitCode: exitCodeFor([refused]),
      };
    }
  }
  const result: RequestResult = {
    request: maskRequest(sentRequest, secrets),
    response: response ? maskResponse(response, secrets) : undefined,
    failure,
    duration_ms: duration,
    notes: [],
    issues,
    exitCode: issues.some((i) => i.severity === "error")
      ? exitCodeFor(issues)
      : failure
      ? EXIT.networkError
      : EXIT.passed,
  };
  if (input.save !== undefined && !failure) {
    const saved = await saveSpec(
      input,
      spec,
      request,
      response,
      lookupBase(layers),
      ctx,
      collection.root,
    );
    result.issues.push(...saved.issues);
    result.notes.push(...saved.notes);
    if (saved.file) result.saved = saved.file;
    else result.exitCode = exitCodeFor(saved.issues);
  }
  return result;
}

function lookupBase(layers: { vars: Record<string, string> }[]): string | undefined {
  return layers.find((l) => l.vars.baseUrl !== undefined)?.vars.baseUrl;
}

/** An in-memory endpoint spec so the ad-hoc request resolves exactly like a file would. */
function adHocSpec(
  input: RequestInput,
  headers: { name: string; value: string; line: number }[],
  body: string,
): EndpointSpec {
  return {
    kind: "endpoint",
    file: "(request)",
    title: `${input.method} ${input.url}`,
    description: "",
    resource: "scratch",
    protocol: "http",
    method: input.method,
    path: "/",
    version: 1,
    tags: [],
    env: [],
    retry: {},
    match: "shape",
    ignore: [],
    vars: {},
    request: { method: input.method, target: input.url, headers, body, line: 1 },
    expected: { status: 200, reason: "", headers: [], body: "", line: 1 },
    errorResponses: [],
    assertions: [],
  };
}

/**
 * The headers to save, with no credential in them: a literal `Authorization: Bearer`/`Basic`
 * becomes the file's `auth:` (the engine then adds the header from `{{authToken}}`, or from
 * `{{username}}` and `{{password}}`); other secret headers become `{{variables}}`. Headers the
 * user wrote with placeholders stay as written.
 */
function safeHeaders(
  headers: { name: string; value: string }[],
): { headers: [string, string][]; auth?: AuthKind } {
  let auth: AuthKind | undefined;
  const kept: [string, string][] = [];
  for (const { name, value } of headers) {
    if (!isSecretHeader(name) || value.includes("{{")) {
      kept.push([name, value]);
      continue;
    }
    const scheme = /^authorization$/i.test(name) ? /^(bearer|basic)\s/i.exec(value) : null;
    if (scheme) {
      auth = scheme[1].toLowerCase() as AuthKind;
      continue;
    }
    const variable = name.toLowerCase().replace(
      /[^a-z0-9]+(.)/g,
      (_, c: string) => c.toUpperCase(),
    );
    kept.push([name, `{{${variable}}}`]);
  }
  return { headers: kept, auth };
}

/** Whether `url` lies under `baseUrl` at a segment boundary (`/v1/x` is under `/v1`, `/v10` is not). */
function underBase(url: string, baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  const base = baseUrl.replace(/\/+$/, "");
  return url.startsWith(base) && /^([/?#]|$)/.test(url.slice(base.length));
}

/**
 * The endpoint's path as exec resolves its request line: what follows `{{baseUrl}}` (or any
 * leading `{{variable}}`) or a relative target, else the absolute URL's path. A `{{name}}`
 * segment is the path parameter `:name`.
 */
export function savedPath(target: string, resolvedUrl: string): string {
  const relative = /^\{\{[^}]+\}\}(.*)$/.exec(target)?.[1] ??
    (target.startsWith("/") ? target : new URL(resolvedUrl).pathname);
  const path = relative.split(/[?#]/)[0] || "/";
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch { /* keep it as sent */ }
  return decoded.replace(/\/\{\{\s*([A-Za-z_]\w*)\s*\}\}(?=\/|$)/g, "/:$1");
}

async function saveSpec(
  input: RequestInput,
  spec: EndpointSpec,
  request: ResolvedRequest,
  response: HttpResponse | undefined,
  baseUrl: string | undefined,
  ctx: OpsContext,
  collectionRoot: string,
): Promise<{ file?: string; notes: string[]; issues: Issue[] }> {
  const target = input.url.startsWith("{{") || input.url.startsWith("/")
    ? input.url
    : underBase(request.url, baseUrl)
    ? "{{baseUrl}}" + request.url.slice(baseUrl!.replace(/\/+$/, "").length)
    : input.url;
  const path = savedPath(target, request.url);
  const saved = safeHeaders(spec.request.headers);
  const explicit = input.save ? resolve(ctx.cwd, input.save) : undefined;
  const resource = explicit ? basename(dirname(explicit)) : "scratch";
  const draft: EndpointDraft = {
    title: `${input.method} ${path}`,
    description: response
      ? `Saved by \`apispec request\` from a live response.`
      : "Saved by `apispec request --dry-run`: the expected response is a placeholder.",
    resource,
    method: input.method,
    path,
    auth: saved.auth,
    request: {
      target,
      headers: saved.headers,
      body: spec.request.body || undefined,
    },
    expected: response ? expectedFromResponse(response) : { status: 200, headers: [] },
  };
  const large: Issue[] = [];
  if (response && tooLargeToSave(response)) {
    large.push(warning(
      `The ${
        formatBytes(new TextEncoder().encode(response.body).length)
      } response body was left out of the saved file's ## Expected response (bodies over ${
        formatBytes(MAX_SAVED_BODY)
      } are not saved): the file checks the status and Content-Type`,
      {
        fix:
          "Paste the part of the body you mean as the contract (a page, a few fields), or document a smaller response",
      },
    ));
  }
  const notes = saved.auth
    ? [
      `the Authorization header became \`auth: ${saved.auth}\`: set ${
        saved.auth === "basic" ? "APISPEC_USERNAME and APISPEC_PASSWORD" : "APISPEC_AUTH_TOKEN"
      } (or .env.local) to run the saved file`,
    ]
    : [];
  let text = renderSpec(draft);
  // A credential the redaction could not see (in a text body, say) is marked, never written silently.
  const findings = scanSecrets(text, "spec");
  if (findings.length > 0) {
    const lines = text.split("\n");
    for (const finding of findings) lines[finding.line! - 1] += " <!-- apispec:allow-secret -->";
    text = lines.join("\n");
  }
  const issues: Issue[] = findings.length
    ? [...large, {
      ...issue(
        "SECRET_DETECTED",
        "The saved response may hold a credential; review the marked lines",
        {},
      ),
      severity: "warning",
    }]
    : large;
  const parsed = parseEndpoint(text, "spec");
  if (parsed.issues.some((i) => i.severity === "error")) {
    return {
      notes: [],
      issues: [
        ...issues,
        issue("ENGINE_ERROR", `Cannot build a valid spec: ${parsed.issues[0].message}`, {}),
      ],
    };
  }
  if (explicit) {
    if (!(await createTextExclusive(explicit, text))) {
      return {
        notes: [],
        issues: [
          issue(
            "ENGINE_ERROR",
            `${displayPath(explicit, ctx.cwd)} already exists; --save never overwrites`,
            {
              file: displayPath(explicit, ctx.cwd),
              fix: "Choose another path, or remove the file first",
            },
          ),
        ],
      };
    }
    return { file: displayPath(explicit, ctx.cwd), notes, issues };
  }
  const root = await scratchCollection(ctx, collectionRoot);
  const name = specFileName(input.method, draft.title, path).replace(/\.md$/, "");
  for (let n = 1;; n++) {
    const candidate = join(root, "apis", "scratch", `${name}${n === 1 ? "" : `-${n}`}.md`);
    const created = await createInside(root, candidate, text);
    if (created === "created") return { file: displayPath(candidate, ctx.cwd), notes, issues };
    if (created !== "exists") {
      return {
        notes: [],
        issues: [
          ...issues,
          issue("ENGINE_ERROR", `Refusing to save: ${created.refused}`, {
            file: displayPath(candidate, ctx.cwd),
            fix: "Remove the link, or save to a path of your own with --save <file>",
          }),
        ],
      };
    }
  }
}

/** Inside a git repository the collection is `<repo>/api-docs`; outside one, the per-user workspace. */
async function scratchCollection(ctx: OpsContext, discovered: string): Promise<string> {
  const top = repositoryTop(ctx.cwd);
  if (top) return join(top, COLLECTION_DIR);
  return await exists(discovered) ? discovered : defaultWorkspace(ctx.env);
}
