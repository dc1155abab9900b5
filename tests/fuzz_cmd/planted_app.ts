/**
 * A small API with planted bugs, each of a kind Schemathesis finds, and its
 * OpenAPI 3.0 document (3.0 on purpose: `nullable` goes through the
 * converter). It validates what it documents, so only the planted bugs fail:
 * 1. POST /users: 500 when `name` is over 64 characters or holds a character
 *    past U+00FF (a latin1 column), a long or unicode string.
 * 2. GET /items: 500 when `limit` is 100, the documented maximum (off by one).
 * 3. POST /feedback: 500 when the optional `rating` is missing.
 * 4. GET /items/{itemId}: 403, undocumented, for ids divisible by 7.
 * 5. GET /users/{userId}: `nickname: null` for ids divisible by 4, where the
 *    schema says a string (`deletedAt` is nullable and always null: no finding).
 * 6. GET /items/{itemId}: a 404 answered as text/plain, documented as JSON.
 * 7. POST /orders: a `status` outside its enum accepted with 201.
 * 8. GET /projects/{projectId}: 500 for a project that exists: only reachable
 *    after POST /projects returns its id (a link in the document).
 * Every request needs `Authorization: Bearer <TOKEN>`; each one is logged.
 */

export const TOKEN = "fuzz-secret-token-7f3a9c";

/** The planted bugs: the check that finds each, and its operation. */
export const PLANTED = [
  { check: "not_5xx", method: "POST", path: "/users" },
  { check: "not_5xx", method: "GET", path: "/items" },
  { check: "not_5xx", method: "POST", path: "/feedback" },
  { check: "status_documented", method: "GET", path: "/items/{itemId}" },
  { check: "schema_conforms", method: "GET", path: "/users/{userId}" },
  { check: "content_type_documented", method: "GET", path: "/items/{itemId}" },
  { check: "negative_rejected", method: "POST", path: "/orders" },
  { check: "not_5xx", method: "GET", path: "/projects/{projectId}" },
] as const;

const error = { $ref: "#/components/schemas/Error" };
const json = (schema: unknown) => ({ "application/json": { schema } });
const errorResponse = (description: string) => ({ description, content: json(error) });

export function plantedDocument(baseUrl: string): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: { title: "Planted bugs", version: "1.0.0" },
    servers: [{ url: baseUrl }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Error: {
          type: "object",
          required: ["message"],
          properties: { message: { type: "string" } },
        },
        User: {
          type: "object",
          required: ["id", "name", "nickname", "deletedAt"],
          properties: {
            id: { type: "integer" },
            name: { type: "string" },
            nickname: { type: "string" },
            deletedAt: { type: "string", format: "date-time", nullable: true },
          },
        },
        Item: {
          type: "object",
          required: ["id", "title"],
          properties: { id: { type: "integer" }, title: { type: "string" } },
        },
        Project: {
          type: "object",
          required: ["id", "name"],
          properties: {
            id: { type: "string", readOnly: true },
            name: { type: "string", minLength: 1, maxLength: 50 },
          },
        },
      },
    },
    paths: {
      "/users": {
        post: {
          operationId: "createUser",
          requestBody: {
            required: true,
            content: json({
              type: "object",
              required: ["name"],
              properties: {
                name: { type: "string", minLength: 1, maxLength: 256 },
                nickname: { type: "string", maxLength: 40 },
              },
            }),
          },
          responses: {
            "201": { description: "Created", content: json({ $ref: "#/components/schemas/User" }) },
            "400": errorResponse("Invalid"),
          },
        },
      },
      "/users/{userId}": {
        get: {
          operationId: "getUser",
          parameters: [{
            name: "userId",
            in: "path",
            required: true,
            schema: { type: "integer", minimum: 1, maximum: 20 },
          }],
          responses: {
            "200": { description: "A user", content: json({ $ref: "#/components/schemas/User" }) },
            "400": errorResponse("Invalid"),
            "404": errorResponse("No such user"),
          },
        },
      },
      "/items": {
        get: {
          operationId: "listItems",
          parameters: [{
            name: "limit",
            in: "query",
            schema: { type: "integer", minimum: 1, maximum: 100 },
          }],
          responses: {
            "200": {
              description: "Items",
              content: json({ type: "array", items: { $ref: "#/components/schemas/Item" } }),
            },
            "400": errorResponse("Invalid"),
          },
        },
      },
      "/items/{itemId}": {
        get: {
          operationId: "getItem",
          parameters: [{
            name: "itemId",
            in: "path",
            required: true,
            schema: { type: "integer", minimum: 1 },
          }],
          responses: {
            "200": { description: "An item", content: json({ $ref: "#/components/schemas/Item" }) },
            "400": errorResponse("Invalid"),
            "404": errorResponse("No such item"),
          },
        },
      },
      "/orders": {
        post: {
          operationId: "createOrder",
          requestBody: {
            required: true,
            content: json({
              type: "object",
              required: ["product", "quantity", "status"],
              properties: {
                product: { type: "string", minLength: 1, maxLength: 40 },
                quantity: { type: "integer", minimum: 1, maximum: 10 },
                status: { type: "string", enum: ["pending", "paid"] },
              },
            }),
          },
          responses: {
            "201": {
              description: "Created",
              content: json({
                type: "object",
                required: ["id"],
                properties: { id: { type: "integer" } },
              }),
            },
            "400": errorResponse("Invalid"),
          },
        },
      },
      "/feedback": {
        post: {
          operationId: "sendFeedback",
          requestBody: {
            required: true,
            content: json({
              type: "object",
              required: ["message"],
              properties: {
                message: { type: "string", minLength: 1, maxLength: 200 },
                rating: { type: "integer", minimum: 1, maximum: 5 },
              },
            }),
          },
          responses: {
            "201": {
              description: "Thanks",
              content: json({
                type: "object",
                required: ["ok"],
                properties: { ok: { type: "boolean" } },
              }),
            },
            "400": errorResponse("Invalid"),
          },
        },
      },
      "/projects": {
        post: {
          operationId: "createProject",
          requestBody: {
            required: true,
            content: json({ $ref: "#/components/schemas/Project" }),
          },
          responses: {
            "201": {
              description: "Created",
              content: json({ $ref: "#/components/schemas/Project" }),
              links: {
                GetProject: {
                  operationId: "getProject",
                  parameters: { projectId: "$response.body#/id" },
                },
                DeleteProject: {
                  operationId: "deleteProject",
                  parameters: { projectId: "$response.body#/id" },
                },
              },
            },
            "400": errorResponse("Invalid"),
          },
        },
      },
      "/projects/{projectId}": {
        parameters: [{
          name: "projectId",
          in: "path",
          required: true,
          schema: { type: "string", minLength: 1, maxLength: 20 },
        }],
        get: {
          operationId: "getProject",
          responses: {
            "200": {
              description: "A project",
              content: json({ $ref: "#/components/schemas/Project" }),
            },
            "404": errorResponse("No such project"),
          },
        },
        delete: {
          operationId: "deleteProject",
          responses: {
            "204": { description: "Deleted" },
            "404": errorResponse("No such project"),
          },
        },
      },
    },
  };
}

type Body = Record<string, unknown>;

const isInt = (v: unknown, min: number, max = Infinity) =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const isText = (v: unknown, min: number, max: number) =>
  typeof v === "string" && [...v].length >= min && [...v].length <= max;

function answer(status: number, body?: unknown, type = "application/json"): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": type },
  });
}

const invalid = (message: string) => answer(400, { message });
const crash = () => answer(500, { message: "Internal Server Error" });

/** An integer path or query parameter as the app reads it; NaN when it is not one. */
function intParam(text: string | null): number {
  return text !== null && /^-?\d+$/.test(text) ? Number(text) : NaN;
}

function readBody(text: string): Body | undefined {
  try {
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A request as received, for replaying it (the benchmark's bare loop). */
export interface Received {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

export interface PlantedHandler {
  handle(request: Request): Promise<Response>;
  /** `METHOD target body` of every request, in order. */
  log: string[];
  /** Every request whole, when `keep` was asked for. */
  received: Received[];
}

export function plantedHandler(keep = false): PlantedHandler {
  const log: string[] = [];
  const received: Received[] = [];
  const projects = new Map<string, string>();
  let nextProject = 1;
  let nextOrder = 1;
  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = await request.text();
    log.push(`${request.method} ${url.pathname}${url.search} ${text}`);
    if (keep) {
      received.push({
        method: request.method,
        url: request.url,
        headers: [...request.headers],
        body: text,
      });
    }
    if (request.headers.get("authorization") !== `Bearer ${TOKEN}`) {
      return answer(401, { message: "Unauthorized" });
    }
    const path = url.pathname;
    const route = `${request.method} ${path.replace(/\/[^/]+$/, "/{}")}`;
    const last = decodeURIComponent(path.split("/").pop() ?? "");
    if (request.method === "POST" && path === "/users") {
      const body = readBody(text);
      if (!body || !isText(body.name, 1, 256)) return invalid("name");
      if (body.nickname !== undefined && !isText(body.nickname, 0, 40)) return invalid("nickname");
      const name = body.name as string;
      // Planted 1: a latin1 column of 64 characters.
      if ([...name].length > 64 || [...name].some((c) => c.codePointAt(0)! > 0xff)) return crash();
      return answer(201, { id: 21, name, nickname: body.nickname ?? name, deletedAt: null });
    }
    if (route === "GET /users/{}") {
      const id = intParam(last);
      if (!Number.isInteger(id) || id < 1 || id > 20) return invalid("userId");
      // Planted 5: a user without a nickname answers null, which the schema does not allow.
      const nickname = id % 4 === 0 ? null : `user${id}`;
      return answer(200, { id, name: `User ${id}`, nickname, deletedAt: null });
    }
    if (request.method === "GET" && path === "/items") {
      const given = url.searchParams.get("limit");
      const limit = given === null ? 10 : intParam(given);
      if (!isInt(limit, 1, 100)) return invalid("limit");
      // Planted 2: off by one at the documented maximum.
      if (limit === 100) return crash();
      return answer(
        200,
        Array.from(
          { length: Math.min(limit, 3) },
          (_, i) => ({ id: i + 1, title: `Item ${i + 1}` }),
        ),
      );
    }
    if (route === "GET /items/{}") {
      const id = intParam(last);
      if (!isInt(id, 1)) return invalid("itemId");
      // Planted 4: an undocumented status.
      if (id % 7 === 0) return answer(403, { message: "Forbidden" });
      // Planted 6: the documented JSON 404 comes back as text.
      if (id > 50) return answer(404, "No such item", "text/plain");
      return answer(200, { id, title: `Item ${id}` });
    }
    if (request.method === "POST" && path === "/orders") {
      const body = readBody(text);
      if (!body || !isText(body.product, 1, 40)) return invalid("product");
      if (!isInt(body.quantity, 1, 10)) return invalid("quantity");
      // Planted 7: the status is never checked against its enum.
      if (typeof body.status !== "string") return invalid("status");
      return answer(201, { id: nextOrder++ });
    }
    if (request.method === "POST" && path === "/feedback") {
      const body = readBody(text);
      if (!body || !isText(body.message, 1, 200)) return invalid("message");
      if (body.rating !== undefined && !isInt(body.rating, 1, 5)) return invalid("rating");
      // Planted 3: the optional rating is read as if it were always there.
      if (body.rating === undefined) return crash();
      return answer(201, { ok: true });
    }
    if (request.method === "POST" && path === "/projects") {
      const body = readBody(text);
      if (!body || !isText(body.name, 1, 50)) return invalid("name");
      const id = `p-${nextProject++}`;
      projects.set(id, body.name as string);
      return answer(201, { id, name: body.name });
    }
    if (route === "GET /projects/{}" || route === "DELETE /projects/{}") {
      if (!isText(last, 1, 20)) return answer(404, { message: "No such project" });
      if (!projects.has(last)) return answer(404, { message: "No such project" });
      if (request.method === "DELETE") {
        projects.delete(last);
        return answer(204);
      }
      // Planted 8: rendering a stored project crashes.
      return crash();
    }
    return answer(404, { message: "No such route" });
  };
  return { handle, log, received };
}

export interface PlantedApp extends AsyncDisposable {
  url: string;
  /** `METHOD target body` of every request, in order. */
  log: string[];
  /** The document, with `servers` pointing at this app. */
  doc: Record<string, unknown>;
}

export function startPlantedApp(): PlantedApp {
  const { handle, log } = plantedHandler();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handle);
  const url = `http://127.0.0.1:${server.addr.port}`;
  return {
    url,
    log,
    doc: plantedDocument(url),
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}
