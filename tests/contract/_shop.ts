/**
 * A small shop API as an OpenAPI 3.0 document (and its 3.1 twin) with a
 * collection that disagrees with it in every way drift reports, one way per
 * endpoint file. Shared by the drift, coverage and MCP tests.
 */
import { collectionFiles, endpoint } from "../helpers/workspace.ts";

const NICKNAME_30 = "{type: string, nullable: true}";
const NICKNAME_31 = '{type: [string, "null"]}';

/** The document; `version` picks 3.0 (`nullable`) or 3.1 (type arrays). */
export function shopOpenApi(version: "3.0" | "3.1" = "3.0"): string {
  const nickname = version === "3.0" ? NICKNAME_30 : NICKNAME_31;
  return `openapi: ${version === "3.0" ? "3.0.3" : "3.1.0"}
info: {title: Shop, version: "1"}
servers:
  - url: http://127.0.0.1:9/v1
paths:
  /users/{userId}:
    get:
      operationId: getUser
      parameters:
        - {name: userId, in: path, required: true, schema: {type: integer}}
        - {name: X-Tenant, in: header, required: true, schema: {type: string}}
        - {name: Accept, in: header, required: true, schema: {type: string}}
      responses:
        "200":
          description: The user
          content:
            application/json:
              schema: {$ref: "#/components/schemas/User"}
        "404":
          description: No such user
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Error"}
  /users:
    get:
      operationId: listUsers
      parameters:
        - {name: limit, in: query, required: true, schema: {type: integer}}
        - {name: offset, in: query, schema: {type: integer}}
      responses:
        "200":
          description: Users
          content:
            application/json:
              schema: {type: array, items: {$ref: "#/components/schemas/User"}}
    post:
      operationId: createUser
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: "#/components/schemas/NewUser"}
      responses:
        "201":
          description: Created
          content:
            application/json:
              schema: {$ref: "#/components/schemas/User"}
        4XX:
          description: Refused
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Error"}
  /orders/{orderId}:
    delete:
      operationId: deleteOrder
      responses:
        "204": {description: Deleted}
components:
  schemas:
    User:
      type: object
      required: [id, name]
      properties:
        id: {type: integer}
        name: {type: string}
        nickname: ${nickname}
    NewUser:
      type: object
      required: [name]
      properties:
        name: {type: string, minLength: 1}
        nickname: ${nickname}
    Error:
      type: object
      required: [message]
      properties:
        message: {type: string}
`;
}

const json = (status: string, body: string) =>
  `HTTP/1.1 ${status}\nContent-Type: application/json\n\n${body}`;

/** The collection: one file in agreement, the others each with one kind of drift. */
export function shopCollection(baseUrl = "http://127.0.0.1:9"): Record<string, string> {
  return collectionFiles(baseUrl, {
    // Agrees: another parameter name, a nullable field set to null, a documented error.
    "apis/users/get-user.md": endpoint({
      path: "/users/:id",
      request: "GET {{baseUrl}}/users/:id\nX-Tenant: acme\nAccept: application/json",
      frontmatter: "vars: {id: 1}\n",
      expected: json("200 OK", '{"id": 1, "name": "Ada", "nickname": null}'),
      sections: `
## Error responses

\`\`\`http
${json("404 Not Found", '{"message": "no such user"}')}
\`\`\`
`,
    }),
    // parameter (no ?limit) and response-body (id is a string).
    "apis/users/get-users.md": endpoint({
      path: "/users",
      request: "GET {{baseUrl}}/users?offset=0",
      expected: json("200 OK", '[{"id": "u1", "name": "Ada"}]'),
    }),
    // Agrees (placeholders stand for run-time values); its 500 error response is a status finding.
    "apis/users/post-create-user.md": endpoint({
      method: "POST",
      path: "/users",
      request:
        'POST {{baseUrl}}/users\nContent-Type: application/json\n\n{"name": "{{name}}", "nickname": null}',
      frontmatter: "vars: {name: Ada}\n",
      expected: json("201 Created", '{"id": {{newId}}, "name": "Ada"}'),
      sections: `
## Error responses

\`\`\`http
${json("409 Conflict", '{"message": "taken"}')}
\`\`\`

\`\`\`http
${json("500 Internal Server Error", '{"message": "oops"}')}
\`\`\`
`,
    }),
    // request-body: the required name is missing and the nickname is a number.
    "apis/users/post-create-user-bad.md": endpoint({
      method: "POST",
      path: "/users",
      request: 'POST {{baseUrl}}/users\nContent-Type: application/json\n\n{"nickname": 3}',
      expected: json("201 Created", '{"id": 2, "name": "Bob"}'),
    }),
    // undocumented: no such operation.
    "apis/health/get-health.md": endpoint({ path: "/health", expected: "HTTP/1.1 200 OK" }),
    // status: 202 is not documented for GET /users/{userId}.
    "apis/users/get-user-accepted.md": endpoint({
      path: "/users/:userId",
      request: "GET {{baseUrl}}/users/:userId\nX-Tenant: acme",
      frontmatter: "vars: {userId: 7}\n",
      expected: "HTTP/1.1 202 Accepted",
    }),
  });
}
