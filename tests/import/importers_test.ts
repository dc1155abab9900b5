/**
 * Every importer through the real CLI on real, externally written inputs:
 * one case table, the same checks for each (exit 0, files written, every
 * written file passes `apispec validate`, a second run skips them all).
 */
import { assert, assertEquals } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";
import { CORPORA, FIXTURES, openApiOperations, writtenOperations } from "../helpers/corpus.ts";
import { parseData } from "../../src/convert/data.ts";

interface Case {
  name: string;
  args: string[];
  /** Input text for stdin. */
  stdin?: string;
  /** An OpenAPI input whose operations must all be written. */
  openapi?: string;
  /** Operations that must be among the written ones. */
  includes?: string[];
}

const CASES: Case[] = [
  {
    name: "OpenAPI 3.0 YAML (petstore)",
    args: ["import", "openapi", `${CORPORA}/openapi/oai-examples/v3.0/petstore.yaml`],
    openapi: `${CORPORA}/openapi/oai-examples/v3.0/petstore.yaml`,
  },
  {
    name: "OpenAPI 3.0 JSON with circular refs",
    args: ["import", "openapi", `${CORPORA}/openapi/readme/3.0/circular.json`],
    openapi: `${CORPORA}/openapi/readme/3.0/circular.json`,
  },
  {
    name: "OpenAPI 3.0 schema cycles",
    args: ["import", "openapi", `${CORPORA}/openapi/readme/3.0/schema-circular.json`],
    openapi: `${CORPORA}/openapi/readme/3.0/schema-circular.json`,
  },
  {
    name: "OpenAPI 3.0 security schemes",
    args: ["import", "openapi", `${CORPORA}/openapi/readme/3.0/security.json`],
    openapi: `${CORPORA}/openapi/readme/3.0/security.json`,
  },
  {
    name: "OpenAPI 3.0 star-trek (0.5 MB)",
    args: ["import", "openapi", `${CORPORA}/openapi/readme/3.0/star-trek.json`],
    openapi: `${CORPORA}/openapi/readme/3.0/star-trek.json`,
  },
  {
    name: "OpenAPI 3.1 train-travel",
    args: ["import", "openapi", `${CORPORA}/openapi/readme/3.1/train-travel.json`],
    openapi: `${CORPORA}/openapi/readme/3.1/train-travel.json`,
  },
  {
    name: "OpenAPI 3.1 readme.json",
    args: ["import", "openapi", `${CORPORA}/openapi/readme/3.1/readme.json`],
    openapi: `${CORPORA}/openapi/readme/3.1/readme.json`,
  },
  {
    name: "OpenAPI 3.1 with external file refs",
    args: ["import", "openapi", `${FIXTURES}/import/external/openapi.yaml`],
    openapi: `${FIXTURES}/import/external/openapi.yaml`,
  },
  {
    name: "Postman v2.1 (whatwg-url)",
    args: [
      "import",
      "hostedclient",
      `${CORPORA}/postman/newman/whatwg-url.postman_collection.json`,
    ],
  },
  {
    name: "Postman v2.0 (echo)",
    args: ["import", "hostedclient", `${CORPORA}/postman/newman/echo-v2.postman_collection.json`],
    includes: ["GET /basic-auth", "POST /post"],
  },
  {
    name: "Postman inherited auth and variables",
    args: [
      "import",
      "hostedclient",
      `${CORPORA}/postman/newman/inherited-entities.postman_collection.json`,
    ],
  },
  {
    name: "Insomnia v4 JSON",
    args: ["import", "desktopclient", `${CORPORA}/insomnia/inso-fixtures/insomnia_v4.json`],
  },
  {
    name: "Insomnia v4 YAML (pre-request collection)",
    args: [
      "import",
      "desktopclient",
      `${CORPORA}/insomnia/smoke-test-exports/pre-request-collection.yaml`,
    ],
  },
  {
    name: "Insomnia v5 YAML",
    args: ["import", "desktopclient", `${CORPORA}/insomnia/v5-export/auth-types.yaml`],
    includes: ["GET /auth/basic"],
  },
  {
    name: "Bruno collection",
    args: ["import", "collection", `${CORPORA}/bruno/collection`],
    includes: ["GET /ping"],
  },
  {
    name: ".http file (httpbin)",
    args: ["import", "http", `${CORPORA}/http/httpyac/api/httpbin.http`],
    includes: ["DELETE /delete"],
  },
  {
    name: ".http file (JetBrains variables)",
    args: ["import", "http", `${CORPORA}/http/httpyac/variables/variables.http`],
  },
  {
    name: "cURL from stdin",
    args: ["import", "curl"],
    stdin: await Deno.readTextFile(`${CORPORA}/curl/curl_commands/post_with_browser_headers.sh`),
    includes: ["POST /ajax/demo_post.asp"],
  },
  {
    name: "cURL DELETE from --file",
    args: ["import", "curl", `--file=${CORPORA}/curl/curl_commands/delete.sh`],
    includes: ["DELETE /page"],
  },
  {
    name: "OpenAPI 3.0 petstore-expanded (with a DELETE)",
    args: ["import", "openapi", `${CORPORA}/openapi/oai-examples/v3.0/petstore-expanded.yaml`],
    openapi: `${CORPORA}/openapi/oai-examples/v3.0/petstore-expanded.yaml`,
    includes: ["DELETE /pets/:id"],
  },
  {
    name: "cURL from --file",
    args: ["import", "curl", `--file=${CORPORA}/curl/curl_commands/multipart_post.sh`],
    includes: ["POST /api/2.0/files/content"],
  },
];

interface Report {
  written: string[];
  skipped: string[];
  held_for_review: string[];
  secrets: { where: string; variable: string }[];
  environment: string[];
}

for (const testCase of CASES) {
  Deno.test(`import: ${testCase.name} writes valid endpoint files, then skips them`, async () => {
    await using ws = await workspace({});
    const first = await apispec([...testCase.args, "--output=json"], {
      cwd: ws.dir,
      stdin: testCase.stdin,
    });
    assertEquals(first.code, 0, first.stderr);
    const report = json<Report>(first);
    assert(report.written.length > 0, "nothing written");
    const validated = await apispec(["validate", "api-docs"], { cwd: ws.dir });
    assertEquals(validated.code, 0, validated.stdout + validated.stderr);
    const written = await writtenOperations(ws.path("api-docs/apis"));
    assertEquals(written.length, report.written.length);
    if (testCase.openapi) {
      const doc = parseData(await Deno.readTextFile(testCase.openapi), testCase.openapi);
      assert(doc.ok);
      assertEquals(written, openApiOperations(doc.value as never));
    }
    for (const operation of testCase.includes ?? []) {
      assert(written.includes(operation), `${operation} missing from ${written.join(", ")}`);
    }
    // Every imported DELETE waits for review (BEYOND §12): standalone: false, listed as held.
    const deletes: string[] = [];
    for (const file of report.written) {
      const text = await Deno.readTextFile(ws.path(file));
      if (/^method: DELETE$/m.test(text)) {
        deletes.push(file);
        assert(/^standalone: false$/m.test(text), `${file} is a DELETE without standalone: false`);
      } else assert(!text.includes("standalone:"), `${file} is held but is no DELETE`);
    }
    assertEquals(report.held_for_review, deletes);
    assert(await ws.exists("api-docs/README.md"), "index not written");
    const second = await apispec([...testCase.args, "--output=json"], {
      cwd: ws.dir,
      stdin: testCase.stdin,
    });
    assertEquals(second.code, 0, second.stderr);
    assertEquals(json<Report>(second).written, []);
    assertEquals(json<Report>(second).skipped.sort(), [...report.written].sort());
  });
}
