import { assertEquals } from "@std/assert";
import {
  type Draft,
  effectiveRequest,
  formEncode,
  joinQuery,
  jsonProblem,
  splitQuery,
} from "./request_model.ts";

const draft = (patch: Partial<Draft>): Draft => ({
  method: "GET",
  url: "{{baseUrl}}/users",
  headers: [],
  auth: { type: "none" },
  bodyType: "none",
  body: "",
  form: [],
  ...patch,
});

Deno.test("the query table and the URL stay in step, placeholders untouched", () => {
  const url = "{{baseUrl}}/users?page={{page}}&q=ada&flag";
  const { base, params } = splitQuery(url);
  assertEquals(params, [["page", "{{page}}"], ["q", "ada"], ["flag", ""]]);
  assertEquals(joinQuery(base, params), url);
  assertEquals(joinQuery(base, []), "{{baseUrl}}/users");
});

Deno.test("auth becomes a header or a query parameter", () => {
  assertEquals(
    effectiveRequest(draft({ auth: { type: "bearer", token: "{{authToken}}" } })).headers,
    [["Authorization", "Bearer {{authToken}}"]],
  );
  assertEquals(
    effectiveRequest(draft({ auth: { type: "basic", username: "ada", password: "pä:ss" } }))
      .headers,
    [[
      "Authorization",
      `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode("ada:pä:ss")))}`,
    ]],
  );
  assertEquals(
    effectiveRequest(
      draft({ auth: { type: "apikey", name: "api_key", value: "{{key}}", in: "query" } }),
    ).url,
    "{{baseUrl}}/users?api_key={{key}}",
  );
});

Deno.test("body types set the body and a Content-Type unless one is given", () => {
  const json = effectiveRequest(draft({ method: "POST", bodyType: "json", body: '{"a": {{n}}}' }));
  assertEquals(json.headers, [["Content-Type", "application/json"]]);
  assertEquals(json.body, '{"a": {{n}}}');
  const form = effectiveRequest(draft({
    method: "POST",
    bodyType: "form",
    form: [["name", "Ada L"], ["id", "{{userId}}"]],
    headers: [["content-type", "application/x-www-form-urlencoded; charset=utf-8"]],
  }));
  assertEquals(form.body, "name=Ada%20L&id={{userId}}");
  assertEquals(form.headers.length, 1);
  assertEquals(effectiveRequest(draft({ bodyType: "json", body: "{}" })).body, undefined);
  assertEquals(formEncode([["a&b", "c=d"]]), "a%26b=c%3Dd");
  assertEquals(jsonProblem('{"a": {{n}}}'), undefined);
  assertEquals(typeof jsonProblem('{"a": }'), "string");
});
