import { assertEquals } from "@std/assert";
import { parseEndpoint } from "../parse/spec.ts";
import {
  captureExpression,
  evaluateExpression,
  flowLinks,
  linkedValues,
  resourceLinks,
  statefulLinks,
} from "./links.ts";
import type { FuzzOperation } from "./model.ts";

const op = (method: FuzzOperation["method"], path: string, links = {}): FuzzOperation => ({
  method,
  path,
  parameters: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: "path" as const,
    required: true,
    schema: {},
    explode: false,
  })),
  responses: [{
    code: "201",
    mediaTypes: [],
    links: Object.entries(links).map(([name, target]) => ({
      name,
      target: target as string,
      parameters: { id: "$response.body#/data/id" },
    })),
  }],
});
const exchange = {
  values: { path: {}, query: { q: "x" }, header: {}, cookie: {}, body: { value: { name: "n" } } },
  response: {
    status: 201,
    headers: [["Location", "/things/t%2F9?x=1"]] as [string, string][],
    body: '{"data": {"id": 7}, "list": [{"k": "v"}]}',
  },
};

Deno.test("runtime expressions read the answer and the request", () => {
  assertEquals(evaluateExpression("$response.body#/data/id", exchange), 7);
  assertEquals(evaluateExpression("$response.body#/list/0/k", exchange), "v");
  assertEquals(evaluateExpression("$response.header.location", exchange), "/things/t%2F9?x=1");
  assertEquals(evaluateExpression("$request.query.q", exchange), "x");
  assertEquals(evaluateExpression("$request.body#/name", exchange), "n");
  assertEquals(evaluateExpression("$statusCode", exchange), 201);
  assertEquals(evaluateExpression("id-{$response.body#/data/id}", exchange), "id-7");
  assertEquals(evaluateExpression(42, exchange), 42);
  assertEquals(evaluateExpression("$response.body#/missing", exchange), undefined);
});

Deno.test("linked values: by place and name, the Location header when the body has no id", () => {
  const target = op("GET", "/things/{id}");
  const link = {
    name: "l",
    target: "GET /things/{id}",
    parameters: { "path.id": "$response.body#/id" },
  };
  assertEquals(linkedValues(link, target, exchange), { path: { id: "t/9" } });
  const noLocation = { ...exchange, response: { ...exchange.response, headers: [] } };
  assertEquals(linkedValues(link, target, noLocation), undefined);
});

Deno.test("the resource rule and the document's links, reads before DELETE", () => {
  const ops = [
    op("POST", "/things", { Remove: "DELETE /things/{id}" }),
    op("DELETE", "/things/{id}"),
    op("GET", "/things/{id}"),
    op("PATCH", "/things/{id}"),
    op("GET", "/things/{id}/parts/{part}"),
  ];
  assertEquals(
    [...resourceLinks(ops).get("POST /things")!].map((l) => l.target),
    ["DELETE /things/{id}", "GET /things/{id}", "PATCH /things/{id}"],
  );
  const links = statefulLinks(ops, new Map());
  assertEquals(links.get("POST /things")!.map((l) => [l.name, l.target]), [
    ["resource", "GET /things/{id}"],
    ["resource", "PATCH /things/{id}"],
    ["Remove", "DELETE /things/{id}"],
  ]);
});

Deno.test("a flow's capture used in a later step's path is a link", () => {
  const spec = (method: string, path: string, target: string) =>
    parseEndpoint(
      `---\nresource: users\nprotocol: http\nmethod: ${method}\npath: ${path}\nversion: 1\n---\n` +
        `# T\n\n## Request\n\n\`\`\`http\n${method} ${target}\n\`\`\`\n\n` +
        "## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n",
      "x.md",
    ).spec!;
  const flows = [{
    file: "flows/onboarding.md",
    steps: [
      {
        spec: spec("POST", "/v1/users", "{{baseUrl}}/v1/users"),
        captures: [{ expression: "response.body.user.id", variable: "userId", line: 1 }],
      },
      { spec: spec("GET", "/v1/users/:userId", "{{baseUrl}}/v1/users/:userId"), captures: [] },
    ],
  }];
  const ops = [op("POST", "/users"), op("GET", "/users/{uid}")];
  // Matched by method and path template; the server's base path is not in the document.
  const byFlow = flowLinks(flows, [op("POST", "/v1/users"), op("GET", "/v1/users/{uid}")]);
  assertEquals(byFlow.get("POST /v1/users"), [{
    name: "flow flows/onboarding.md",
    target: "GET /v1/users/{uid}",
    parameters: { "path.uid": "$response.body#/user/id" },
  }]);
  assertEquals(flowLinks(flows, ops).size, 0);
  assertEquals(captureExpression("response.headers.location"), "$response.header.location");
});
