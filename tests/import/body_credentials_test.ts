/**
 * Imported bodies keep values that are not credentials: the secret scanner's
 * judgement of the value decides, not the field's name, and what it finds
 * becomes a variable (the written files pass `validate`).
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";

// Joined at run time: no whole token sits in the repository.
const STRIPE = "sk" + "_live_4eC39HqLyjWDarjtT1zdp7dc";

const DOC = {
  openapi: "3.1.0",
  info: { title: "Payments", version: "1" },
  paths: {
    "/payments/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "A payment",
            content: {
              "application/json": {
                example: {
                  id: "pay_1",
                  authorization: "812937",
                  token: "visa",
                  key: "color",
                  card: { authorization: "AUTH-2024-000123" },
                  api_key: STRIPE,
                },
              },
            },
          },
        },
      },
    },
    "/login": {
      post: {
        requestBody: {
          content: {
            "application/json": { example: { user: "ada", password: "Zx8!qL2vR9tW" } },
          },
        },
        responses: { "204": { description: "ok" } },
      },
    },
  },
};

Deno.test("import keeps body fields named like credentials when their values are not", async () => {
  await using ws = await workspace({ "openapi.json": JSON.stringify(DOC) });
  const result = await apispec(["import", "openapi", "openapi.json", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const report = json<{ written: string[]; secrets: { variable: string }[] }>(result);
  const payment = await ws.read(report.written.find((f) => f.includes("payment"))!);
  // An authorization id, a card brand under `token`, a word under `key`: kept.
  assertStringIncludes(payment, '"authorization": "812937"');
  assertStringIncludes(payment, '"token": "visa"');
  assertStringIncludes(payment, '"key": "color"');
  assertStringIncludes(payment, '"authorization": "AUTH-2024-000123"');
  // A provider key and a password literal: variables, reported.
  assert(!payment.includes(STRIPE));
  assertStringIncludes(payment, '"api_key": "{{apiKey}}"');
  const login = await ws.read(report.written.find((f) => f.includes("login"))!);
  assertStringIncludes(login, '"password": "{{password}}"');
  assertEquals(report.secrets.map((s) => s.variable).sort(), ["apiKey", "password"]);
  const validated = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validated.code, 0, validated.stdout + validated.stderr);
});
