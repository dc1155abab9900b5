import { assertEquals } from "@std/assert";
import {
  CLI_ORDER,
  dotenvLayer,
  envVariableFor,
  lookupVar,
  orderLayers,
  osLayer,
  secretValues,
  snakeToCamel,
  TOOL_ORDER,
  type VarLayer,
} from "./layers.ts";

Deno.test("snakeToCamel() maps APISPEC_ names as SPEC.md shows", () => {
  assertEquals(["AUTH_TOKEN", "BASE_URL", "USER_ID", "X"].map(snakeToCamel), [
    "authToken",
    "baseUrl",
    "userId",
    "x",
  ]);
});

Deno.test("osLayer() reads only prefixed variables; the first prefix wins", () => {
  const layer = osLayer({
    APISPEC_AUTH_TOKEN: "a",
    ALTSPEC_AUTH_TOKEN: "b",
    ALTSPEC_USER_ID: "9",
    HOME: "/root",
    APISPEC_: "x",
  }, ["APISPEC_", "ALTSPEC_"]);
  assertEquals(layer.vars, { authToken: "a", auth_token: "a", userId: "9", user_id: "9" });
  assertEquals(layer.labels, {
    authToken: "APISPEC_AUTH_TOKEN",
    auth_token: "APISPEC_AUTH_TOKEN",
    userId: "ALTSPEC_USER_ID",
    user_id: "ALTSPEC_USER_ID",
  });
});

Deno.test("dotenvLayer() also offers UPPER_SNAKE keys in lowerCamel and lower_snake", () => {
  assertEquals(
    dotenvLayer({ AUTH_TOKEN: "t", APISPEC_BASE_URL: "u", userId: "1" }, ".env.local").vars,
    {
      AUTH_TOKEN: "t",
      authToken: "t",
      auth_token: "t",
      APISPEC_BASE_URL: "u",
      baseUrl: "u",
      base_url: "u",
      userId: "1",
    },
  );
});

Deno.test("envVariableFor() names the APISPEC_ variable that osLayer() reads back into the name", () => {
  for (const name of ["authToken", "bucket_id", "baseUrl", "x", "user2Id", "page_size", "apiKey"]) {
    const variable = envVariableFor(name);
    assertEquals(typeof variable, "string", name);
    assertEquals(osLayer({ [variable!]: "v" }, ["APISPEC_"]).vars[name], "v", name);
  }
  for (const name of ["x-trace", "userID", "API_KEY", "2fa", "a.b"]) {
    assertEquals(envVariableFor(name), undefined, name);
  }
});

Deno.test("orderLayers() applies the CLI and tool priorities; lookupVar() takes the first hit", () => {
  const layers: VarLayer[] = [
    { name: "os", label: "os", vars: { v: "os" } },
    { name: "dotenv", label: ".env.local", vars: { v: "dotenv" } },
    { name: "env", label: "env.md", vars: { v: "env" } },
    { name: "frontmatter", label: "frontmatter", vars: { v: "frontmatter" } },
    { name: "cli", label: "--var", vars: { v: "cli" } },
    { name: "session", label: "session", vars: { v: "session" } },
    { name: "tool", label: "vars", vars: { v: "tool" } },
    { name: "capture", label: "capture", vars: { v: "capture" } },
  ];
  const chain = (order: typeof CLI_ORDER) => {
    const remaining = [...orderLayers(layers, order)];
    const seen: string[] = [];
    while (remaining.length) {
      seen.push(lookupVar(remaining, "v")!.value);
      remaining.shift();
    }
    return seen;
  };
  assertEquals(chain(CLI_ORDER), ["capture", "cli", "frontmatter", "env", "dotenv", "os"]);
  assertEquals(chain(TOOL_ORDER), [
    "capture",
    "tool",
    "session",
    "frontmatter",
    "os",
    "dotenv",
    "env",
  ]);
});

Deno.test("secretValues() collects values of secret-named variables", () => {
  const layers: VarLayer[] = [{
    name: "env",
    label: "e",
    vars: { authToken: "abcd1234", apiKey: "k-99887766", userId: "42", password: "pw" },
  }];
  assertEquals(secretValues(layers).sort(), ["abcd1234", "k-99887766"]);
});
