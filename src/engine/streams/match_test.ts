import { assertEquals } from "@std/assert";
import { compareEvents, dataMatches, matchData, untilMatcher } from "./match.ts";
import { selectStream } from "./select.ts";

Deno.test("dataMatches() agrees with matchData() on shape, strict and text", () => {
  const cases: [string, string][] = [
    ['{"a": 1}', '{"a": 2, "b": 3}'],
    ['{"a": 1}', '{"a": "x"}'],
    ['{"a": [{"b": 1}]}', '{"a": [{"b": 2}, {"b": "x"}]}'],
    ['{"a": []}', '{"a": [1, "x"]}'],
    ['{"a": null}', '{"a": null}'],
    ['{"a": null}', '{"a": 1}'],
    ["[1]", "[]"],
    ["[DONE]", "[DONE]"],
    ["text", "Text"],
    ['{"a": 1}', "not json"],
  ];
  for (const match of ["shape", "strict"] as const) {
    for (const [expected, actual] of cases) {
      assertEquals(
        dataMatches(expected, actual, { match }),
        matchData(expected, actual, "data", { match }).length === 0,
        `${match}: ${expected} / ${actual}`,
      );
    }
  }
});

Deno.test("compareEvents() allows events between listed ones unless exact", () => {
  const actual = [
    { data: '{"n": 1}', ms: 1 },
    { event: "ping", data: "", ms: 2 },
    { event: "done", data: "ok", ms: 3 },
  ];
  const expected = [{ data: '{"n": 0}', line: 5 }, { event: "done", data: "ok", line: 7 }];
  assertEquals(compareEvents(expected, actual, { match: "shape", exact: false }), []);
  assertEquals(compareEvents(expected, actual, { match: "shape", exact: true }), [
    'events[1].event: expected "done", got "ping"',
    'events[1].data: expected "ok", got ""',
    "events[2]: unexpected event (stream.exact is true): event: done, data: ok",
  ]);
  assertEquals(
    compareEvents([{ event: "done", data: "no", line: 9 }], actual, {
      match: "shape",
      exact: false,
    }),
    [
      'events: expected event: done, data: no (line 9), not received; events[2] differs: events[2].data: expected "no", got "ok"',
    ],
  );
});

Deno.test("untilMatcher() and selectStream() read fields, last and count", () => {
  assertEquals(untilMatcher("id: 7")({ id: "7", data: "", ms: 0 }), true);
  assertEquals(untilMatcher("[DONE]")({ data: "[DONE]", ms: 0 }), true);
  const response = {
    status: 200,
    reason: "",
    headers: [],
    body: "",
    events: [{ data: '{"a": {"b": [5]}}', ms: 4 }, { event: "end", data: "bye", ms: 9 }],
    firstEventMs: 4,
  };
  assertEquals(selectStream("events.count", response), { found: true, value: 2 });
  assertEquals(selectStream("events[0].data.a.b[0]", response), { found: true, value: 5 });
  assertEquals(selectStream("events.last.event", response), { found: true, value: "end" });
  assertEquals(selectStream("first_event_ms", response), { found: true, value: 4 });
  assertEquals(selectStream("events[5].data", response)?.found, false);
  assertEquals(selectStream("messages.count", response)?.found, false);
  assertEquals(selectStream("body.x", response), undefined);
});
