import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile, type FlowJson } from "./helpers.ts";

Deno.test("flow passes every capture form on to later steps", async () => {
  await using api = startTestApi((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/orders") {
      return jsonResponse(
        { id: 41, customer: { address: { city: "Paris" } }, lines: [{ sku: "BOOK-7" }] },
        201,
        { location: "/orders/41", "x-batch": "b-9" },
      );
    }
    if (path === "/users") return jsonResponse([{ id: "u-1" }, { id: "u-2" }]);
    return jsonResponse({ ok: true });
  });
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/orders/post-order.md": endpoint({
      method: "POST",
      path: "/orders",
      expected: "HTTP/1.1 201 Created",
    }),
    "apis/users/get-users.md": endpoint({ path: "/users" }),
    "apis/echo/get-echo.md": endpoint({
      path: "/echo/:orderId",
      request:
        "GET {{baseUrl}}/echo/:orderId?city={{city}}&sku={{sku}}&user={{userId}}&loc={{loc}}&batch={{batch}}&code={{code}}",
    }),
    "flows/capture.md": flowFile([
      {
        name: "Create order",
        endpoint: "apis/orders/post-order.md",
        lines: [
          "Capture: `response.body.id` as `orderId`",
          "Capture: `response.body.customer.address.city` as `city`",
          "Capture: `response.body.lines[0].sku` as `sku`",
          "Capture: `response.headers.location` as `loc`",
          "Capture: `response.headers.X-Batch` as `batch`",
          "Capture: `response.status` as `code`",
        ],
      },
      {
        name: "List users",
        endpoint: "apis/users/get-users.md",
        lines: ["Capture: `response.body[1].id` as `userId`"],
      },
      { name: "Echo", endpoint: "apis/echo/get-echo.md", lines: ["Inject: `orderId`"] },
    ]),
  }));
  const result = await apispec(["flow", "api-docs/flows/capture.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const output = json<FlowJson>(result);
  assertEquals(output.passed, true);
  assertEquals(output.captures, {
    orderId: "41",
    city: "Paris",
    sku: "BOOK-7",
    loc: "/orders/41",
    batch: "b-9",
    code: "201",
    userId: "u-2",
  });
  assertEquals(output.steps.map((s) => [s.name, s.passed, s.status]), [
    ["Create order", true, 201],
    ["List users", true, 200],
    ["Echo", true, 200],
  ]);
  assertEquals(
    api.requests[2].path,
    "/echo/41?city=Paris&sku=BOOK-7&user=u-2&loc=/orders/41&batch=b-9&code=201",
  );
});

Deno.test("flow fails a step whose capture selects nothing and skips what needs it", async () => {
  await using api = startTestApi(() => jsonResponse({ name: "no id here" }, 201));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/post-user.md": endpoint({
      method: "POST",
      path: "/users",
      expected: "HTTP/1.1 201 Created",
    }),
    "apis/users/get-user.md": endpoint({ path: "/users/:userId" }),
    "flows/missing.md": flowFile([
      {
        name: "Create",
        endpoint: "apis/users/post-user.md",
        lines: ["Capture: `response.body.data.id` as `userId`"],
      },
      { name: "Read", endpoint: "apis/users/get-user.md", lines: ["Inject: `userId`"] },
    ], { continueOnError: true }),
  }));
  const result = await apispec(["flow", "api-docs/flows/missing.md", "--output=json"], {
    cwd: ws.dir,
  });
  // continue-on-error: the exit code stays 0, the JSON says the flow failed.
  assertEquals(result.code, 0, result.stderr);
  const output = json<FlowJson>(result);
  assertEquals(output.passed, false);
  const [create, read] = output.steps;
  assertEquals(create.error_type, "CONTRACT_MISMATCH");
  assertStringIncludes(create.hint!, "response.body.data.id");
  assertEquals(read.skipped, true);
  assertStringIncludes(read.hint!, 'needs "userId" from step "Create"');
  assertEquals(api.requests.length, 1);
});

Deno.test("flow masks captured secrets in every output", async () => {
  const token = "tok_5b0c2e8f1a7d4e6b9c3f";
  await using api = startTestApi((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/login") return jsonResponse({ accessToken: token, user: 7 });
    return request.headers.get("authorization") === `Bearer ${token}`
      ? jsonResponse({ id: 7, seen: token })
      : jsonResponse({ error: "unauthorized" }, 401);
  });
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/auth/post-login.md": endpoint({ method: "POST", path: "/login" }),
    "apis/users/get-me.md": endpoint({ path: "/me", frontmatter: "auth: bearer\n" }),
    "flows/login.md": flowFile([
      {
        name: "Log in",
        endpoint: "apis/auth/post-login.md",
        lines: ["Capture: `response.body.accessToken` as `authToken`"],
      },
      { name: "Me", endpoint: "apis/users/get-me.md", lines: ["Inject: `authToken`"] },
    ]),
  }));
  for (const output of ["json", "console"]) {
    const result = await apispec(["flow", "api-docs/flows/login.md", `--output=${output}`, "-v"], {
      cwd: ws.dir,
    });
    assertEquals(result.code, 0, result.stderr + result.stdout);
    assert(!result.stdout.includes(token), `token leaked into ${output} output`);
    assert(!result.stderr.includes(token), "token leaked into stderr");
    if (output === "json") assertEquals(json<FlowJson>(result).captures.authToken, "****");
  }
  assertEquals(api.requests[1].headers.authorization, `Bearer ${token}`);
});
