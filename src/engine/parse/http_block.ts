/**
 * Parses the `http` fenced blocks: a request (`METHOD target`, headers, blank
 * line, body) or a response (`HTTP/1.1 200 OK`, headers, blank line, body).
 * Placeholders stay in place; they are resolved later.
 */
import { type Issue, issue } from "../issue.ts";
import { HTTP_METHODS, type HttpHeader, type RequestBlock, type ResponseBlock } from "../model.ts";
import { concreteStatus, STATUS_ALTERNATIVES, statusAlternatives } from "../compare/status.ts";

const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*:[ \t]*(.*)$/;

interface Split {
  head: { text: string; line: number }[];
  body: string;
}

/** Splits block text into the start line plus headers, and the body after the first blank line. */
function splitBlock(text: string, firstLine: number): Split {
  const lines = (text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text).split("\n");
  const head: Split["head"] = [];
  let index = 0;
  while (index < lines.length && lines[index].trim() === "") index++;
  for (; index < lines.length; index++) {
    if (lines[index].trim() === "") break;
    head.push({ text: lines[index], line: firstLine + index });
  }
  const body = lines.slice(index + 1).join("\n").replace(/\n+$/, "");
  return { head, body };
}

function parseHeaders(
  lines: { text: string; line: number }[],
  file: string,
  issues: Issue[],
): HttpHeader[] {
  const headers: HttpHeader[] = [];
  for (const { text, line } of lines) {
    if (/^\s*#/.test(text)) continue; // comment lines, as in .http files
    const match = HEADER_LINE.exec(text.trim());
    if (!match) {
      issues.push(issue("VALIDATION_ERROR", `Cannot parse header line "${text.trim()}"`, {
        file,
        line,
        fix: 'Write headers as "Name: value", then one blank line before the body',
      }));
      continue;
    }
    headers.push({ name: match[1], value: match[2].trim(), line });
  }
  return headers;
}

/** Parses a `## Request` block. */
export function parseRequestBlock(
  text: string,
  file: string,
  firstLine: number,
): { block?: RequestBlock; issues: Issue[] } {
  const issues: Issue[] = [];
  const { head, body } = splitBlock(text, firstLine);
  if (head.length === 0) {
    issues.push(issue("VALIDATION_ERROR", "Request block is empty", {
      file,
      line: firstLine,
      fix: "Start the block with a request line such as `GET {{baseUrl}}/users/:id`",
    }));
    return { issues };
  }
  const start = head[0];
  const match = /^\s*(\S+)\s+(\S+)(?:\s+HTTP\/[\d.]+)?\s*$/.exec(start.text);
  if (!match) {
    issues.push(issue("VALIDATION_ERROR", `Cannot parse request line "${start.text.trim()}"`, {
      file,
      line: start.line,
      fix: "Write the request line as `<METHOD> <url>`, e.g. `GET {{baseUrl}}/users/:id`",
    }));
    return { issues };
  }
  const [, method, target] = match;
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    issues.push(issue("VALIDATION_ERROR", `Unknown HTTP method "${method}" in request line`, {
      file,
      line: start.line,
      fix: `Use one of ${HTTP_METHODS.join(", ")} (upper case)`,
    }));
  }
  if (!/^(\{\{|\/|https?:\/\/|wss?:\/\/)/.test(target)) {
    issues.push(issue("VALIDATION_ERROR", `Cannot use request target "${target}"`, {
      file,
      line: start.line,
      fix:
        "Start the target with `{{baseUrl}}/`, `/` (relative to baseUrl) or an absolute http(s) " +
        "URL (ws(s):// for protocol: ws)",
    }));
  }
  const headers = parseHeaders(head.slice(1), file, issues);
  return { block: { method, target, headers, body, line: start.line }, issues };
}

/** Parses a `## Expected response` or `## Error responses` block. */
export function parseResponseBlock(
  text: string,
  file: string,
  firstLine: number,
): { block?: ResponseBlock; issues: Issue[] } {
  const issues: Issue[] = [];
  const { head, body } = splitBlock(text, firstLine);
  const start = head[0];
  const match = start && /^\s*(?:HTTP\/[\d.]+\s+)?(\S+)(?:\s+(.*))?$/.exec(start.text);
  if (!match || !STATUS_ALTERNATIVES.test(match[1])) {
    issues.push(
      issue("VALIDATION_ERROR", `Cannot parse status line "${start?.text.trim() ?? ""}"`, {
        file,
        line: start?.line ?? firstLine,
        fix: "Start the block with a status line such as `HTTP/1.1 200 OK` (alternatives: " +
          "`HTTP/1.1 200|201`, a range: `HTTP/1.1 2XX`)",
      }),
    );
    return { issues };
  }
  const alternatives = statusAlternatives(match[1]);
  for (const alternative of alternatives) {
    const code = concreteStatus(alternative);
    if (code < 100 || code > 599) {
      issues.push(issue("VALIDATION_ERROR", `Status ${alternative} is not an HTTP status code`, {
        file,
        line: start.line,
        fix: "Use a status between 100 and 599, or a range 1XX to 5XX",
      }));
    }
  }
  const status = concreteStatus(alternatives[0]);
  const statuses = alternatives.length > 1 || /X/.test(alternatives[0]) ? alternatives : undefined;
  const headers = parseHeaders(head.slice(1), file, issues);
  return {
    block: {
      status,
      ...(statuses ? { statuses } : {}),
      reason: (match[2] ?? "").trim(),
      headers,
      body,
      line: start.line,
    },
    issues,
  };
}
