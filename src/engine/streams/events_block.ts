/**
 * `## Expected events` of `protocol: sse` files: one `sse` fenced block in
 * the event-stream format itself (`event:`, `id:`, `data:` lines, a blank line
 * between events, `:` comments), each event with its line for messages.
 */
import { type Issue, issue } from "../issue.ts";
import type { ExpectedEvent } from "../model.ts";
import type { MdSection } from "../parse/markdown.ts";
import { oneBlock } from "../parse/one_block.ts";

const FIELDS = ["event", "id", "data"];

/**
 * Parses the `sse` block of a section.
 *
 * @example
 * ```ts
 * // ```sse
 * // event: delta
 * // data: {"text": "Hel"}
 * //
 * // data: [DONE]
 * // ```
 * parseExpectedEvents(section, "chat.md").events;
 * // [{event: "delta", data: '{"text": "Hel"}', line: 12}, {data: "[DONE]", line: 15}]
 * ```
 */
export function parseExpectedEvents(
  section: MdSection,
  file: string,
): { events?: { expected: ExpectedEvent[]; line: number }; issues: Issue[] } {
  const found = oneBlock(
    section,
    "sse",
    file,
    "List the events in one fenced block that opens with ```sse: `event:`, `id:` and " +
      "`data:` lines, a blank line between events",
  );
  if (!found.block) return { issues: [found.issue!] };
  const block = found.block;
  const issues: Issue[] = [];
  const expected: ExpectedEvent[] = [];
  let current: { event?: string; id?: string; data?: string[]; line: number } | undefined;
  const close = () => {
    if (!current) return;
    if (current.data === undefined && current.event === undefined && current.id === undefined) {
      current = undefined;
      return;
    }
    expected.push({
      ...(current.event !== undefined ? { event: current.event } : {}),
      ...(current.id !== undefined ? { id: current.id } : {}),
      data: (current.data ?? []).join("\n"),
      line: current.line,
    });
    current = undefined;
  };
  block.text.split("\n").forEach((raw, offset) => {
    const line = block.contentLine + offset;
    const text = raw.replace(/\r$/, "");
    if (text.trim() === "") return close();
    if (text.startsWith(":")) return; // a comment, as in the stream itself
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? "" : text.slice(colon + 1).replace(/^ /, "");
    if (!FIELDS.includes(field)) {
      issues.push(issue("SPEC_PARSE_ERROR", `Cannot read event line "${text.trim()}"`, {
        file,
        line,
        fix:
          "Write events as in the stream: `event: <type>`, `id: <id>`, `data: <text or JSON>`, " +
          "with a blank line between events",
      }));
      return;
    }
    current ??= { line };
    if (field === "data") (current.data ??= []).push(value);
    else if (field === "event") current.event = value;
    else current.id = value;
  });
  close();
  if (expected.length === 0 && issues.length === 0) {
    issues.push(issue("SPEC_PARSE_ERROR", 'Section "## Expected events" lists no event', {
      file,
      line: block.line,
      fix: "Write at least one event, e.g. `data: [DONE]`, or remove the section",
    }));
  }
  return { events: { expected, line: block.line }, issues };
}
