/**
 * `apispec import http`: `.http` request files (JetBrains HTTP Client, VS
 * Code REST Client, httpyac). `###` separates requests (its text is a title),
 * `# @name` names one, `@var = value` lines define file variables (the `dev`
 * environment), `#` and `//` lines and `/* *\/` blocks are comments. A saved
 * response after a request (`HTTP/1.1 200 OK` ...) becomes the expected one;
 * response handler scripts (`> {% ... %}`) become instructions for agents.
 */
import { type ConvertOutcome, emptyConversion, failure } from "../endpoint.ts";
import {
  clientDraft,
  type ClientExample,
  extractBaseUrl,
  safeEnvironment,
} from "./client_request.ts";

const METHOD =
  /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|CONNECT)\s+(\S.*?)(\s+HTTP\/[\d.]+)?\s*$/i;
const BARE_URL = /^(https?:\/\/\S+|\{\{[^}]+\}\}\S*)(\s+HTTP\/[\d.]+)?\s*$/i;

interface Region {
  title?: string;
  name?: string;
  lines: { text: string; line: number }[];
}

/** Splits the file at `###` lines, dropping block comments. */
function regions(text: string): { regions: Region[]; variables: Record<string, string> } {
  const lines = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\n");
  const out: Region[] = [{ lines: [] }];
  const variables: Record<string, string> = {};
  let inComment = false;
  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    if (inComment) {
      if (line.includes("*/")) inComment = false;
      return;
    }
    if (/^\s*\/\*/.test(line)) {
      inComment = !line.includes("*/");
      return;
    }
    const separator = /^###+\s*(.*)$/.exec(line);
    if (separator) {
      out.push({ title: separator[1].trim() || undefined, lines: [] });
      return;
    }
    const variable = /^@([\w.$-]+)\s*=\s*(.*)$/.exec(line);
    if (variable && !out.at(-1)!.lines.some((l) => METHOD.test(l.text))) {
      variables[variable[1]] = variable[2].trim();
      return;
    }
    out.at(-1)!.lines.push({ text: line, line: index + 1 });
  });
  return { regions: out, variables };
}

interface Parsed {
  title?: string;
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
  example?: ClientExample;
  script?: string;
}

/** Reads the requests of one region (httpyac allows several, each starting at a request line). */
function requestsOf(region: Region): Parsed[] {
  const found: Parsed[] = [];
  let name = region.name;
  let current: Parsed | undefined;
  let stage: "head" | "body" | "response-head" | "response-body" = "head";
  let body: string[] = [];
  let responseBody: string[] = [];
  const finish = () => {
    if (!current) return;
    const text = body.join("\n").trim();
    if (text) current.body = text;
    if (current.example && responseBody.join("\n").trim()) {
      current.example.body = responseBody.join("\n").trim();
    }
    found.push(current);
    current = undefined;
    body = [];
    responseBody = [];
  };
  for (const { text } of region.lines) {
    const meta = /^\s*(?:#|\/\/)\s*@(name|title)\s+(.*)$/.exec(text);
    if (meta && stage !== "body") {
      if (meta[1] === "name" || !name) name = meta[2].trim();
      continue;
    }
    if (/^\s*(#|\/\/)/.test(text) && stage !== "body" && stage !== "response-body") continue;
    const requestLine = METHOD.exec(text) ??
      (stage === "head" && !current ? BARE_URL.exec(text) : null);
    if (
      requestLine && (!current || stage === "body" || stage === "response-body") &&
      (body.every((l) => l.trim() === "") || !current)
    ) {
      finish();
      const isBare = !METHOD.test(text);
      current = {
        title: name ?? region.title,
        method: isBare ? "GET" : requestLine[1].toUpperCase(),
        url: isBare ? requestLine[1] : requestLine[2],
        headers: [],
      };
      name = undefined;
      stage = "head";
      continue;
    }
    if (!current) continue;
    if (stage === "head") {
      if (/^\s+[/?&]/.test(text)) {
        current.url += text.trim();
        continue;
      }
      if (text.trim() === "") {
        stage = "body";
        continue;
      }
      const header = /^([^:\s]+)\s*:\s*(.*)$/.exec(text);
      if (header) current.headers.push([header[1], header[2]]);
      continue;
    }
    const status = /^HTTP\/[\d.]+\s+(\d{3})\s*-?\s*(.*)$/.exec(text);
    if (status && stage === "body") {
      current.example = { status: Number(status[1]), reason: status[2].trim(), headers: [] };
      stage = "response-head";
      continue;
    }
    if (stage === "response-head") {
      if (text.trim() === "") stage = "response-body";
      else {
        const header = /^([^:\s]+)\s*:\s*(.*)$/.exec(text);
        if (header) current.example!.headers.push([header[1], header[2]]);
      }
      continue;
    }
    if (
      /^>\s*\{%/.test(text) || /^>\s*\S+\.js\s*$/.test(text) || /^<>\s/.test(text) ||
      /^>>!?\s/.test(text)
    ) {
      current.script = ((current.script ?? "") + "\n" + text).trim();
      continue;
    }
    if (current.script && !current.script.includes("%}")) {
      current.script += "\n" + text;
      continue;
    }
    if (/^\?\?\s/.test(text)) {
      current.script = ((current.script ?? "") + "\n" + text).trim();
      continue;
    }
    (stage === "response-body" ? responseBody : body).push(text);
  }
  finish();
  return found;
}

/**
 * @example
 * ```ts
 * import { fromHttpFile } from "./from_http_file.ts";
 * const outcome = fromHttpFile("@host = https://api.example.com\n\n### List users\nGET {{host}}/users\n", "api.http");
 * outcome.ok && outcome.conversion.endpoints[0].title; // "List users"
 * ```
 */
export function fromHttpFile(text: string, name: string): ConvertOutcome {
  const { regions: all, variables } = regions(text);
  const conversion = emptyConversion(name.replace(/^.*[\\/]/, "").replace(/\.(http|rest)$/i, ""));
  let count = 0;
  for (const region of all) {
    for (const request of requestsOf(region)) {
      count++;
      const draft = clientDraft({
        name: request.title ?? "",
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: request.body,
        examples: request.example ? [request.example] : undefined,
        tests: request.script
          ? "Port this response handler from the .http file:\n\n```\n" + request.script + "\n```"
          : undefined,
      }, conversion);
      if (draft) conversion.endpoints.push(draft);
    }
  }
  if (count === 0) {
    return failure(
      "The file holds no request line",
      "Write requests as `GET https://host/path` (or `GET {{host}}/path`), separated by `###` lines",
    );
  }
  safeEnvironment("dev", variables, conversion);
  extractBaseUrl(conversion);
  return { ok: true, conversion };
}
