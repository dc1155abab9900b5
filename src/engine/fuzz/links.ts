/**
 * `fuzz --stateful`: which operation's answer feeds which next request.
 * Three sources, as Schemathesis's stateful phase uses: the document's own
 * `links` (runtime expressions such as `$response.body#/id`), the
 * collection's flows (a step's capture used in a later step's path), and the
 * resource rule (the id a `POST /things` returns is the `{param}` of `GET`,
 * `PUT`, `PATCH` and `DELETE /things/{param}`). Consumers run reads first
 * and `DELETE` last, so nothing is deleted beside a read of it.
 */
import { headerValue } from "../compare/headers.ts";
import { parseSegments } from "../compare/json_path.ts";
import type { Capture, EndpointSpec } from "../model.ts";
import { routeKey } from "../contract/path_match.ts";
import {
  type FuzzCase,
  type FuzzLink,
  type FuzzOperation,
  type FuzzResponseSeen,
  operationKey,
  type ParameterPlace,
} from "./model.ts";

/** One request and its answer, as link expressions read them. */
export interface Exchange {
  values: FuzzCase;
  response: FuzzResponseSeen;
}

/** Consumers in this order: reads, then writes, `DELETE` last. */
const METHOD_ORDER = ["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"];

function pointerValue(value: unknown, pointer: string): unknown {
  let current = value;
  for (const raw of pointer.replace(/^#?\//, "").split("/")) {
    if (raw === "" && pointer.replace(/^#?/, "") === "") break;
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) current = current[Number(part)];
    else if (typeof current === "object" && current !== null) {
      current = Object.hasOwn(current, part)
        ? (current as Record<string, unknown>)[part]
        : undefined;
    } else return undefined;
  }
  return current;
}

function jsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * An OpenAPI runtime expression against an exchange; other values are
 * constants. Undefined when the expression selects nothing.
 *
 * @example
 * ```ts
 * import { evaluateExpression } from "./links.ts";
 * const exchange = {
 *   values: { path: {}, query: {}, header: {}, cookie: {} },
 *   response: { status: 201, headers: [["location", "/users/7"]] as [string, string][], body: '{"id": 7}' },
 * };
 * evaluateExpression("$response.body#/id", exchange); // 7
 * evaluateExpression("$response.header.Location", exchange); // "/users/7"
 * ```
 */
export function evaluateExpression(expression: unknown, exchange: Exchange): unknown {
  if (typeof expression !== "string") return expression;
  // `{$response.body#/id}` inside a longer string: each expression replaced by its text.
  if (!expression.startsWith("$") && /\{\$[^}]+\}/.test(expression)) {
    let missing = false;
    const text = expression.replace(/\{(\$[^}]+)\}/g, (_, inner: string) => {
      const value = evaluateExpression(inner, exchange);
      if (value === undefined) missing = true;
      return typeof value === "string" ? value : JSON.stringify(value);
    });
    return missing ? undefined : text;
  }
  if (!expression.startsWith("$")) return expression;
  const { values, response } = exchange;
  if (expression === "$statusCode") return response.status;
  if (expression.startsWith("$response.header.")) {
    return headerValue(response.headers, expression.slice("$response.header.".length));
  }
  if (expression === "$response.body") return jsonBody(response.body);
  if (expression.startsWith("$response.body#")) {
    return pointerValue(jsonBody(response.body), expression.slice("$response.body".length));
  }
  const request = /^\$request\.(path|query|header|cookie)\.(.+)$/.exec(expression);
  if (request) return values[request[1] as ParameterPlace][request[2]];
  if (expression === "$request.body") return values.body?.value;
  if (expression.startsWith("$request.body#")) {
    return pointerValue(values.body?.value, expression.slice("$request.body".length));
  }
  return undefined;
}

/** A link's parameters as values by place and name of the target; undefined when one selects nothing. */
export function linkedValues(
  link: FuzzLink,
  target: FuzzOperation,
  exchange: Exchange,
): Partial<Record<ParameterPlace, Record<string, unknown>>> | undefined {
  const out: Partial<Record<ParameterPlace, Record<string, unknown>>> = {};
  for (const [key, expression] of Object.entries(link.parameters)) {
    // `path.id` names the place; a bare name is the first parameter so called (path first).
    const qualified = /^(path|query|header|cookie)\.(.+)$/.exec(key);
    const param = qualified
      ? target.parameters.find((p) => p.in === qualified[1] && p.name === qualified[2])
      : target.parameters.find((p) => p.name === key);
    if (!param) continue;
    let value = evaluateExpression(expression, exchange);
    // A resource link without an id in the body: the last segment of the Location header.
    if (value === undefined && param.in === "path") {
      const location = headerValue(exchange.response.headers, "location");
      const last = location?.split("?")[0].replace(/\/+$/, "").split("/").pop();
      if (last) value = decodeURIComponent(last);
    }
    if (value === undefined || value === null) return undefined;
    (out[param.in] ??= {})[param.name] = value;
  }
  return out;
}

/** `/things/{id}` under `/things`: one more segment, and it is a parameter. */
function itemParameter(collection: string, item: string): string | undefined {
  const match = /^\/\{([^}/]+)\}$/.exec(item.slice(collection.replace(/\/+$/, "").length));
  return item.startsWith(collection.replace(/\/+$/, "") + "/") ? match?.[1] : undefined;
}

/** The resource rule: `POST /things` → `GET|PUT|PATCH|DELETE /things/{param}`. */
export function resourceLinks(operations: FuzzOperation[]): Map<string, FuzzLink[]> {
  const links = new Map<string, FuzzLink[]>();
  for (const producer of operations) {
    if (producer.method !== "POST" || producer.path.includes("{")) continue;
    for (const consumer of operations) {
      if (!["GET", "PUT", "PATCH", "DELETE"].includes(consumer.method)) continue;
      const name = itemParameter(producer.path, consumer.path);
      if (!name) continue;
      add(links, operationKey(producer), {
        name: "resource",
        target: operationKey(consumer),
        parameters: { [`path.${name}`]: "$response.body#/id" },
      });
    }
  }
  return links;
}

/** One flow, its steps resolved to endpoint files. */
export interface FlowSteps {
  file: string;
  steps: { spec: EndpointSpec; captures: Capture[] }[];
}

/** `response.body.items[0].id` → `$response.body#/items/0/id`; `headers.x` → `$response.header.x`. */
export function captureExpression(expression: string): string | undefined {
  const path = expression.replace(/^response\./, "");
  if (path === "status") return "$statusCode";
  if (path.startsWith("headers.")) return `$response.header.${path.slice("headers.".length)}`;
  if (path === "body") return "$response.body";
  if (!path.startsWith("body")) return undefined;
  const segments = parseSegments(path.slice("body".length));
  return "$response.body#" +
    segments.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/**
 * Links the collection's flows show: a step's capture used as a `:param` or
 * `{{param}}` path segment of a later step, both steps matched to the
 * document's operations by method and path template.
 */
export function flowLinks(
  flows: FlowSteps[],
  operations: FuzzOperation[],
): Map<string, FuzzLink[]> {
  const byRoute = new Map(operations.map((op) => [routeKey(op.method, op.path), op]));
  const find = (spec: EndpointSpec) => byRoute.get(routeKey(spec.method, spec.path));
  const links = new Map<string, FuzzLink[]>();
  for (const flow of flows) {
    flow.steps.forEach((step, i) => {
      const producer = find(step.spec);
      if (!producer) return;
      for (const capture of step.captures) {
        const expression = captureExpression(capture.expression);
        if (!expression) continue;
        for (const later of flow.steps.slice(i + 1)) {
          const consumer = find(later.spec);
          if (!consumer) continue;
          const name = pathParameterFed(later.spec, consumer, capture.variable);
          if (!name) continue;
          add(links, operationKey(producer), {
            name: `flow ${flow.file}`,
            target: operationKey(consumer),
            parameters: { [`path.${name}`]: expression },
          });
        }
      }
    });
  }
  return links;
}

/** The consumer's path parameter at the segment where the endpoint file uses `variable`. */
function pathParameterFed(
  spec: EndpointSpec,
  consumer: FuzzOperation,
  variable: string,
): string | undefined {
  const written = spec.request.target.replace(/^\{\{\s*baseUrl\s*\}\}/, "").split("?")[0]
    .split("/");
  const documented = consumer.path.split("/");
  // Aligned from the end: a server base path may stand before the document's paths.
  const offset = written.length - documented.length;
  for (let i = 0; i < documented.length; i++) {
    const segment = written[i + offset] ?? "";
    const param = /^\{([^}]+)\}$/.exec(documented[i])?.[1];
    const uses = segment === `:${variable}` ||
      segment.replace(/\s+/g, "") === `{{${variable}}}`;
    if (param && uses) return param;
  }
  return undefined;
}

function add(links: Map<string, FuzzLink[]>, producer: string, link: FuzzLink): void {
  const list = links.get(producer) ?? [];
  const same = list.some((l) =>
    l.target === link.target && JSON.stringify(l.parameters) === JSON.stringify(link.parameters)
  );
  if (!same) list.push(link);
  links.set(producer, list);
}

/**
 * Every producer's links: the document's (from its 2xx responses), then the
 * flows', then the resource rule's for targets not linked already; each
 * producer's consumers in the safe order (reads, writes, DELETE last).
 */
export function statefulLinks(
  operations: FuzzOperation[],
  flows: Map<string, FuzzLink[]>,
): Map<string, FuzzLink[]> {
  const all = new Map<string, FuzzLink[]>();
  const keys = new Set(operations.map(operationKey));
  for (const op of operations) {
    for (const response of op.responses) {
      if (!/^2/.test(response.code)) continue;
      for (const link of response.links) add(all, operationKey(op), link);
    }
  }
  for (const source of [flows, resourceLinks(operations)]) {
    for (const [producer, links] of source) {
      for (const link of links) {
        const linked = (all.get(producer) ?? []).some((l) => l.target === link.target);
        if (!linked || source === flows) add(all, producer, link);
      }
    }
  }
  for (const [producer, links] of all) {
    const kept = links.filter((l) => keys.has(l.target));
    kept.sort((a, b) =>
      METHOD_ORDER.indexOf(a.target.split(" ")[0]) - METHOD_ORDER.indexOf(b.target.split(" ")[0])
    );
    if (kept.length) all.set(producer, kept);
    else all.delete(producer);
  }
  return all;
}
