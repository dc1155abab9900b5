/**
 * A load plan that carries every hostile string (tests/helpers/hostile_strings.ts)
 * in every place a script writer puts text: scenario and step names, the
 * source file, the environment, URL, header values, bodies, loop items,
 * `When` and `Until` rules, assertion operands, checked paths and header
 * names, and the notes written into the script's header. Each scenario
 * posts its string to an echo API, checks that the API got it byte for
 * byte, captures the echo, and sends a second request only when the capture
 * equals the string. So a run that passes every check proves the string
 * stayed data all the way through.
 */
import type { AssertionOperator } from "../../src/engine/model.ts";
import type { LoadNode, LoadPlan, LoadScenario } from "../../src/convert/load/load_flow.ts";
import type { LoadCheck, LoadStep } from "../../src/convert/load/load_script.ts";
import { jsonResponse, startTestApi, type TestApi } from "../helpers/api.ts";
import { HOSTILE, type Hostile } from "../helpers/hostile_strings.ts";

/** The text as it arrives: a lone surrogate cannot be sent as UTF-8 and arrives as U+FFFD. */
export function wire(text: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(text));
}

/** Header values must be visible ASCII to reach the API intact. */
export function headerSafe(text: string): boolean {
  return /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(text) && text.length < 4000;
}

/** Every hostile string, joined: the environment name, which only comments carry. */
export const ALL_HOSTILE = HOSTILE.map((h) => h.text).join(" ");

function rule(path: string, operator: AssertionOperator, operand: string, source: string) {
  return { source, path, operator, operand, line: 1 };
}

function checks(h: Hostile): LoadCheck[] {
  const text = wire(h.text);
  return [
    { kind: "status", statuses: ["200"] },
    // The echo's key is the string: a path segment and a JMESPath identifier.
    { kind: "type", path: ["keys", text], type: "string" },
    // An operand written as JSON text compares with the string itself.
    {
      kind: "rule",
      rule: rule("body.body", "equals", JSON.stringify(text), h.text),
      operand: [{ text: JSON.stringify(text) }],
    },
    {
      kind: "rule",
      rule: { ...rule(`headers.${h.text}`, "exists", "", h.text), not: true },
      operand: [{ text: "" }],
    },
    // Built from a run-time value, neither engine checks it: it becomes a note in the header.
    {
      kind: "rule",
      rule: rule("body.body", "length", ">= {{echoed}}", h.text),
      operand: [{ text: ">= " }, { var: "echoed" }],
    },
  ];
}

function post(h: Hostile, index: number, base: string): LoadStep {
  const query = h.text.length < 2000 ? `?q=${encodeURIComponent(wire(h.text))}` : "";
  return {
    name: h.text,
    method: "POST",
    url: [{ text: `${base}/echo/${index}${query}` }],
    headers: [
      { name: "Content-Type", value: [{ text: "text/plain; charset=utf-8" }] },
      ...(headerSafe(h.text) ? [{ name: "X-Hostile", value: [{ text: h.text }] }] : []),
    ],
    body: [{ text: h.text }],
    captures: [{ variable: "echoed", from: "body", path: ["body"] }],
    checks: checks(h),
  };
}

function again(h: Hostile, index: number, base: string): LoadStep {
  return {
    name: h.text,
    method: "GET",
    url: [{ text: `${base}/echo/${index}/again` }],
    headers: [],
    captures: [],
    checks: [{ kind: "status", statuses: ["200"] }],
  };
}

/** One scenario's nodes: the post (in a loop over the string, polled Until 200), then a guarded read. */
export function hostileNodes(h: Hostile, index: number, base: string): LoadNode[] {
  const where = { file: h.text, line: index + 1 };
  const text = wire(h.text);
  return [
    {
      name: h.text,
      where,
      requires: [],
      loop: { over: { items: [h.text] }, as: "item", where },
      until: {
        rule: rule("status", "equals", "200", h.text),
        operand: [{ text: "200" }],
        everyMs: 1,
        times: 2,
        where,
      },
      request: post(h, index, base),
      collects: [],
    },
    {
      name: h.text,
      where,
      requires: ["echoed"],
      children: [{
        name: h.text,
        where,
        when: {
          variable: "echoed",
          rule: rule("echoed", "equals", JSON.stringify(text), h.text),
          where,
        },
        requires: [],
        request: again(h, index, base),
        collects: [],
      }],
      collects: [],
    },
  ];
}

/** A plan with one scenario per hostile string, or the given scenarios. */
export function hostilePlan(base: string, scenarios?: LoadScenario[]): LoadPlan {
  return {
    target: base,
    env: ALL_HOSTILE,
    duration: 1,
    rate: 1,
    script: "load.yml",
    scenarios: scenarios ?? HOSTILE.map((h, i) => ({
      name: h.text,
      source: h.text,
      nodes: hostileNodes(h, i, base),
    })),
  };
}

/** The echo API: the body, the X-Hostile header and the query back as JSON, the body also as a key. */
export function startEchoApi(): TestApi {
  return startTestApi((request, body) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith("/again")) return jsonResponse({ ok: true });
    return jsonResponse({
      body,
      header: request.headers.get("x-hostile"),
      query: url.searchParams.get("q"),
      keys: { [body]: "x" },
    });
  });
}
