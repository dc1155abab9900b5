/**
 * Console rendering of one execution for people: a result line, the diff,
 * assertion results and hints; with `verbose`, the request and response.
 */
import type { ExecRecord, HttpResponse, ResolvedRequest } from "../model.ts";
import { type Paint, PLAIN } from "./paint.ts";
import { cutNote, previewBody } from "./body_preview.ts";

export interface ExecView {
  title: string;
  file: string;
  method: string;
  url: string;
  record: ExecRecord;
  strictAssertions: boolean;
  verbose: boolean;
}

const REASONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  301: "Moved Permanently",
  302: "Found",
  304: "Not Modified",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function reasonPhrase(status: number, given = ""): string {
  return given || REASONS[status] || "";
}

export function renderExec(view: ExecView, paint: Paint = PLAIN): string {
  const { record } = view;
  const badge = record.passed ? paint.green(paint.bold("PASS")) : paint.red(paint.bold("FAIL"));
  const status = record.status
    ? `${record.status} ${reasonPhrase(record.status, record.response?.reason)}`.trim()
    : "—";
  const type = record.error_type ? `  ${paint.red(record.error_type)}` : "";
  const lines = [
    `${badge}  ${paint.bold(view.title)}  ${paint.dim(view.file)}`,
    `      ${view.method} ${view.url}  ${paint.bold(status)}  ${
      paint.dim(`${record.duration_ms} ms`)
    }${type}`,
    ...streamSummary(record).map((line) => `      ${paint.dim(line)}`),
  ];
  // Concatenated, never spread into push(): a large body has more lines than a call takes arguments.
  const verbose = view.verbose
    ? [
      ...(record.request ? ["", ...renderRequest(record.request, paint)] : []),
      ...(record.response ? ["", ...renderResponse(record.response, paint)] : []),
    ]
    : [];
  return [...lines, ...verbose, ...renderOutcome(record, view.strictAssertions, paint)].join("\n");
}

/** The differences, assertion results and (on failure) hints of a record, one line each. */
export function renderOutcome(
  record: ExecRecord,
  strictAssertions: boolean,
  paint: Paint = PLAIN,
): string[] {
  const lines: string[] = [];
  const diff = record.diff;
  if (diff.status) lines.push(`  ${paint.red("status")}   ${diff.status}`);
  for (const header of diff.headers) lines.push(`  ${paint.red("header")}   ${header}`);
  if (diff.body) {
    diff.body.split("\n").forEach((line) => lines.push(`  ${paint.red("body")}     ${line}`));
  }
  if (record.assertion_results.length > 0) {
    const warnOnly = !strictAssertions && record.assertion_results.some((r) => !r.passed);
    lines.push(
      `  assertions${
        warnOnly ? paint.dim(" (failures are warnings; --strict-assertions fails them)") : ""
      }`,
    );
    for (const result of record.assertion_results) {
      const mark = result.passed
        ? paint.green("✓")
        : strictAssertions
        ? paint.red("✗")
        : paint.yellow("!");
      lines.push(
        `    ${mark} ${result.rule}${result.passed ? "" : paint.dim(`  ${result.message}`)}`,
      );
    }
  }
  if (!record.passed) {
    for (const hint of record.hints.length ? record.hints : [record.hint]) {
      if (hint) lines.push(`  ${paint.cyan("hint")}     ${hint}`);
    }
  }
  return lines;
}

/** Where the whole of a cut body is, unless the caller says otherwise. */
const WHOLE_BODY = "-v --output=json";

export function renderRequest(
  request: ResolvedRequest,
  paint: Paint = PLAIN,
  whole = WHOLE_BODY,
): string[] {
  const body = requestBodyText(request);
  return [
    paint.dim("> ") + paint.bold(`${request.method} ${request.url}`),
    ...request.headers.map(([name, value]) => paint.dim("> ") + `${name}: ${value}`),
    ...(body ? [paint.dim(">"), ...bodyLines(body, "> ", paint, whole)] : []),
  ];
}

/** A request's body as written: text, `< ./file`, or multipart parts in curl's form syntax. */
export function requestBodyText(request: ResolvedRequest): string | undefined {
  if (request.bodyFile !== undefined) return `< ${request.bodyFile}`;
  if (request.form) {
    return request.form.map((part) =>
      part.file === undefined
        ? `${part.name}=${part.value ?? ""}`
        : `${part.name}=@${part.file}${part.type ? `;type=${part.type}` : ""}${
          part.filename ? `;filename=${part.filename}` : ""
        }`
    ).join("\n");
  }
  return request.body;
}

/** A binary answer is never shown raw: its size, type and digest. */
export function binarySummary(binary: NonNullable<HttpResponse["binary"]>): string {
  return `[binary body: ${binary.bytes} bytes${binary.type ? `, ${binary.type}` : ""}, sha256 ${
    binary.sha256.slice(0, 16)
  }…]`;
}

/** `12 events, the first after 85 ms` / `4 messages received`. */
export function streamSummary(record: ExecRecord): string[] {
  if (record.events_received !== undefined) {
    const n = record.events_received;
    return [
      `${n} event${n === 1 ? "" : "s"}${
        record.first_event_ms != null ? `, the first after ${record.first_event_ms} ms` : ""
      }`,
    ];
  }
  if (record.messages_received !== undefined) {
    const n = record.messages_received;
    return [`${n} message${n === 1 ? "" : "s"} received`];
  }
  return [];
}

/** How many events or messages verbose output lists before summing up the rest. */
const SHOWN_STREAM_ITEMS = 100;

function streamLines(response: HttpResponse, paint: Paint): string[] {
  const items = response.events ?? response.messages;
  if (!items || items.length === 0) return [];
  const lines = [paint.dim("<")];
  for (const item of items.slice(0, SHOWN_STREAM_ITEMS)) {
    const event = "event" in item && item.event ? `event: ${item.event}  ` : "";
    const data = item.data.length > 200 ? item.data.slice(0, 199) + "…" : item.data;
    lines.push(
      paint.dim(`< [${item.ms} ms] `) + event + (response.events ? "data: " : "") +
        data.replace(/\n/g, "\\n"),
    );
  }
  if (items.length > SHOWN_STREAM_ITEMS) {
    lines.push(paint.dim(`< … ${items.length - SHOWN_STREAM_ITEMS} more`));
  }
  return lines;
}

export function renderResponse(
  response: HttpResponse,
  paint: Paint = PLAIN,
  whole = WHOLE_BODY,
): string[] {
  return [
    paint.dim("< ") +
    paint.bold(`HTTP ${response.status} ${reasonPhrase(response.status, response.reason)}`.trim()),
    ...response.headers.map(([name, value]) => paint.dim("< ") + `${name}: ${value}`),
    ...(response.binary ? [paint.dim("<"), paint.dim("< ") + binarySummary(response.binary)] : []),
    ...streamLines(response, paint),
    ...(response.body ? [paint.dim("<"), ...bodyLines(response.body, "< ", paint, whole)] : []),
  ];
}

/** A body's lines behind their marker: at most a preview, and a line that says so when cut. */
function bodyLines(body: string, marker: string, paint: Paint, whole: string): string[] {
  const preview = previewBody(prettyBody(body), { of: body });
  const lines = preview.text.split("\n").map((l) => paint.dim(marker) + l);
  if (preview.totalBytes !== undefined) {
    lines.push(paint.dim(marker) + paint.yellow(cutNote(preview, whole)));
  }
  return lines;
}

/** Bodies larger than this are shown as they came: indenting them would cost more than it shows. */
const PRETTY_LIMIT = 8 * 1024 * 1024;

/** Pretty-prints JSON bodies; other text is shown as it came. */
export function prettyBody(body: string): string {
  if (body.length > PRETTY_LIMIT) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
