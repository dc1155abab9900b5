import { assertEquals } from "@std/assert";
import { dryRunCapture, evaluateCapture } from "./capture.ts";
import type { HttpResponse } from "../model.ts";

const response: HttpResponse = {
  status: 201,
  reason: "Created",
  headers: [["location", "/users/3"], ["x-trace", "a"], ["x-trace", "b"]],
  body: JSON.stringify({
    id: 3,
    name: "Grace",
    profile: { address: { city: "Arlington" } },
    items: [{ sku: "BOOK-1" }, { sku: "PEN-2", tags: ["red"] }],
    deleted: null,
  }),
};

Deno.test("evaluateCapture() reads a top-level body field as text", () => {
  assertEquals(evaluateCapture("response.body.id", response), { found: true, value: "3", json: 3 });
  assertEquals(evaluateCapture("response.body.name", response), {
    found: true,
    value: "Grace",
    json: "Grace",
  });
});

Deno.test("evaluateCapture() reads nested fields and array items", () => {
  assertEquals(evaluateCapture("response.body.profile.address.city", response), {
    found: true,
    value: "Arlington",
    json: "Arlington",
  });
  assertEquals(evaluateCapture("response.body.items[1].sku", response), {
    found: true,
    value: "PEN-2",
    json: "PEN-2",
  });
  assertEquals(evaluateCapture("response.body.items[1].tags", response), {
    found: true,
    value: '["red"]',
    json: ["red"],
  });
});

Deno.test("evaluateCapture() reads an item of a top-level array", () => {
  const list = { ...response, body: '[{"id":"u1"},{"id":"u2"}]' };
  assertEquals(evaluateCapture("response.body[1].id", list), {
    found: true,
    value: "u2",
    json: "u2",
  });
});

Deno.test("evaluateCapture() reads headers case-insensitively and the status", () => {
  assertEquals(evaluateCapture("response.headers.Location", response), {
    found: true,
    value: "/users/3",
    json: "/users/3",
  });
  assertEquals(evaluateCapture("response.headers.x-trace", response), {
    found: true,
    value: "a, b",
    json: "a, b",
  });
  assertEquals(evaluateCapture("response.status", response), {
    found: true,
    value: "201",
    json: 201,
  });
});

Deno.test("evaluateCapture() selects nothing for missing, null and non-JSON values", () => {
  const missing = evaluateCapture("response.body.items[5].sku", response);
  assertEquals(missing.found, false);
  assertEquals(evaluateCapture("response.body.deleted", response), {
    found: false,
    reason: "body.deleted is null",
  });
  assertEquals(evaluateCapture("response.headers.etag", response), {
    found: false,
    reason: 'the response has no "etag" header',
  });
  assertEquals(evaluateCapture("response.body.id", { ...response, body: "plain" }), {
    found: false,
    reason: "the response body is not JSON",
  });
});

Deno.test("dryRunCapture() names the placeholder after the variable", () => {
  assertEquals(dryRunCapture("userId"), "__capture_userId__");
});
