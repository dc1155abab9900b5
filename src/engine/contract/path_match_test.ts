import { assertEquals } from "@std/assert";
import type { ContractOperation } from "./model.ts";
import { OperationIndex, routeKey } from "./path_match.ts";

const op = (method: string, path: string): ContractOperation => ({
  method,
  path,
  responses: [],
  required: [],
  responseSchema: () => undefined,
  requestSchema: () => undefined,
});

Deno.test("routeKey() matches path templates whatever the parameters are called", () => {
  assertEquals(routeKey("get", "/users/:id"), routeKey("GET", "/users/{userId}"));
  assertEquals(routeKey("GET", "/files/{name}.json"), "GET /files/{}.json");
  assertEquals(routeKey("GET", "/users/"), "GET /users");
  assertEquals(routeKey("GET", "/"), "GET /");
  assertEquals(routeKey("GET", "/users?limit=1"), "GET /users");
});

Deno.test("OperationIndex.find() tries the servers' base paths after the path as written", () => {
  const index = new OperationIndex([op("GET", "/pets/{petId}"), op("GET", "/v1/health")], [
    "/v1",
    "/api/v1",
  ]);
  assertEquals(index.find("GET", "/pets/:id")?.path, "/pets/{petId}");
  assertEquals(index.find("GET", "/api/v1/pets/:id")?.path, "/pets/{petId}");
  assertEquals(index.find("GET", "/v1/health")?.path, "/v1/health");
  assertEquals(index.find("POST", "/pets/:id"), undefined);
  assertEquals(index.find("GET", "/v2/pets/1/x"), undefined);
});
