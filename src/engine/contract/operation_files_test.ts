import { assertEquals } from "@std/assert";
import type { ContractDocument } from "./model.ts";
import { filesByOperation, filesOfOperation } from "./operation_files.ts";

function doc(paths: [string, string][], basePaths: string[] = []): ContractDocument {
  return {
    version: "3.1.0",
    basePaths,
    definitions: () => ({}),
    pointerOf: () => undefined,
    flaws: () => [],
    operations: paths.map(([method, path]) => ({
      method,
      path,
      responses: ["200"],
      required: [],
      responseSchema: () => undefined,
      requestSchema: () => undefined,
    })),
  };
}

Deno.test("filesByOperation() matches files whatever their parameter names, base paths included", () => {
  const document = doc(
    [["GET", "/users/{userId}"], ["POST", "/users"], ["GET", "/invoices/{id}"]],
    ["/v1"],
  );
  const files = filesByOperation([
    { spec: "get-user.md", method: "GET", path: "/users/:id" },
    { spec: "get-user-v1.md", method: "GET", path: "/v1/users/:user" },
    { spec: "delete-user.md", method: "DELETE", path: "/users/:id" },
    { spec: "create-user.md", method: "POST", path: "/users/" },
  ], document);
  assertEquals(filesOfOperation(files, { method: "GET", path: "/users/{userId}" }), [
    "get-user.md",
    "get-user-v1.md",
  ]);
  assertEquals(filesOfOperation(files, { method: "post", path: "/users" }), ["create-user.md"]);
  assertEquals(filesOfOperation(files, { method: "GET", path: "/invoices/{id}" }), []);
  assertEquals(files.size, 2, "a file documenting no operation is left out");
});
