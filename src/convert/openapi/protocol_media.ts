/**
 * Request and response content of `export openapi` for what is not a plain
 * text body: an SSE answer is `text/event-stream` (its expected events as the
 * example), a GraphQL request is a JSON `{query, variables}`, a file body is
 * binary, a multipart form has its parts, a binary expected body is binary.
 * Undefined for plain bodies, which the exporter handles as before.
 */
import type { EndpointSpec } from "../../engine/model.ts";

type Obj = Record<string, unknown>;

function contentTypeOf(headers: { name: string; value: string }[]): string | undefined {
  return headers.find((h) => /^content-type$/i.test(h.name))?.value.split(";")[0].trim() ||
    undefined;
}

/** The expected events in the event-stream format. */
function eventStreamText(spec: EndpointSpec): string {
  return (spec.events?.expected ?? []).map((event) =>
    [
      ...(event.event !== undefined ? [`event: ${event.event}`] : []),
      ...(event.id !== undefined ? [`id: ${event.id}`] : []),
      ...event.data.split("\n").map((line) => `data: ${line}`),
    ].join("\n") + "\n\n"
  ).join("");
}

/** The response content of an SSE or binary answer. */
export function responseMedia(spec: EndpointSpec): Obj | undefined {
  if (spec.protocol === "sse") {
    const example = eventStreamText(spec);
    return {
      "text/event-stream": {
        schema: { type: "string", description: "A stream of server-sent events" },
        ...(example ? { example } : {}),
      },
    };
  }
  if (spec.expected.bodyFile) {
    return {
      [contentTypeOf(spec.expected.headers) ?? "application/octet-stream"]: {
        schema: { type: "string", format: "binary" },
      },
    };
  }
  return undefined;
}

/** The request body content of a GraphQL, file or multipart request. */
export function requestMedia(spec: EndpointSpec): Obj | undefined {
  if (spec.graphql) {
    let variables: unknown;
    try {
      variables = spec.graphql.variables ? JSON.parse(spec.graphql.variables.text) : undefined;
    } catch {
      variables = undefined; // placeholders outside strings: the example leaves them out
    }
    return {
      "application/json": {
        schema: {
          type: "object",
          required: ["query"],
          properties: {
            query: { type: "string" },
            variables: { type: "object" },
            operationName: { type: "string" },
          },
        },
        example: {
          query: spec.graphql.query,
          ...(variables !== undefined ? { variables } : {}),
          ...(spec.graphql.operationName ? { operationName: spec.graphql.operationName } : {}),
        },
      },
    };
  }
  if (spec.request.bodyFile) {
    return {
      [contentTypeOf(spec.request.headers) ?? "application/octet-stream"]: {
        schema: { type: "string", format: "binary" },
      },
    };
  }
  if (spec.request.form) {
    const properties: Obj = {};
    for (const part of spec.request.form) {
      properties[part.name] = part.file !== undefined ? { type: "string", format: "binary" } : {
        type: "string",
        ...(part.value && !part.value.includes("{{") ? { example: part.value } : {}),
      };
    }
    const encoding: Obj = {};
    for (const part of spec.request.form) {
      if (part.file !== undefined && part.type) encoding[part.name] = { contentType: part.type };
    }
    return {
      "multipart/form-data": {
        schema: { type: "object", properties },
        ...(Object.keys(encoding).length ? { encoding } : {}),
      },
    };
  }
  return undefined;
}
