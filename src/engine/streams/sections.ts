/**
 * The parts of an endpoint file that only streams have: `stream:` limits,
 * `## Expected events` (`protocol: sse`) and `## Messages` (`protocol: ws`).
 * A part written for the other protocol is an error naming the right one.
 */
import { type Issue, issue, warning } from "../issue.ts";
import type { EndpointSpec, Protocol } from "../model.ts";
import type { FieldReader } from "../parse/frontmatter.ts";
import type { MdSection } from "../parse/markdown.ts";
import { parseExpectedEvents } from "./events_block.ts";
import { parseMessages } from "./messages_block.ts";
import { readStreamOptions } from "./options.ts";

export type StreamParts = Pick<EndpointSpec, "stream" | "events" | "messages">;

/** Reads the stream parts of a file whose protocol is `protocol`. */
export function readStreamParts(
  protocol: Protocol | undefined,
  sections: Map<string, MdSection>,
  reader: FieldReader,
  file: string,
): { parts: StreamParts; issues: Issue[] } {
  const issues: Issue[] = [];
  const parts: StreamParts = {};
  const streaming = protocol === "sse" || protocol === "ws";
  if (reader.raw(["stream"]) !== undefined && !streaming) {
    reader.fail(
      ["stream"],
      `Field "stream" applies to protocol sse and ws, not ${protocol ?? "this file"}`,
      "Remove it, or set `protocol: sse` (server-sent events) or `protocol: ws` (WebSocket)",
    );
  }
  if (streaming) parts.stream = readStreamOptions(reader);
  const events = sections.get("Expected events");
  if (events) {
    if (protocol !== "sse") {
      issues.push(misplaced("Expected events", "sse", events, file));
    } else {
      const read = parseExpectedEvents(events, file);
      issues.push(...read.issues);
      if (read.events) parts.events = read.events;
    }
  }
  const messages = sections.get("Messages");
  if (messages) {
    if (protocol !== "ws") issues.push(misplaced("Messages", "ws", messages, file));
    else {
      const read = parseMessages(messages, file);
      issues.push(...read.issues);
      if (read.messages) parts.messages = read.messages;
    }
  } else if (protocol === "ws") {
    issues.push(issue("SPEC_PARSE_ERROR", 'A protocol: ws file needs a "## Messages" section', {
      file,
      line: reader.line(["protocol"]),
      fix: "Add `## Messages` with a ```ws block: `> ` lines are sent, `< ` lines expected",
    }));
  }
  return { parts, issues };
}

function misplaced(name: string, protocol: string, section: MdSection, file: string): Issue {
  return issue("SPEC_PARSE_ERROR", `Section "## ${name}" needs protocol: ${protocol}`, {
    file,
    line: section.line,
    fix: `Set \`protocol: ${protocol}\` in the frontmatter, or remove the section`,
  });
}

const STREAM_ASSERTION = /^(?:events|messages|first_event_ms)(?:$|[.[])/;

/**
 * What a protocol asks of the rest of the file: a WebSocket opens with a GET
 * and sends no body, a GraphQL request is a POST whose body apispec writes,
 * `events.*` and `first_event_ms` need `sse`, `messages.*` needs `ws`, and
 * `stream.until` means something for `sse` only.
 */
export function protocolIssues(
  protocol: Protocol | undefined,
  parts: {
    method?: string;
    request?: { body: string; line: number };
    assertions: { path: string; line: number }[];
    until?: string;
    untilLine: number;
  },
  file: string,
): Issue[] {
  const issues: Issue[] = [];
  const { request } = parts;
  if (protocol === "ws" && parts.method && parts.method !== "GET") {
    issues.push(issue("SPEC_PARSE_ERROR", `A WebSocket opens with GET, not ${parts.method}`, {
      file,
      line: request?.line ?? 1,
      fix: "Write `method: GET` and `GET ws://...` (or `{{baseUrl}}/...`)",
    }));
  }
  if (protocol === "graphql" && parts.method && parts.method !== "POST") {
    issues.push(issue("SPEC_PARSE_ERROR", `apispec sends GraphQL as a POST, not ${parts.method}`, {
      file,
      line: request?.line ?? 1,
      fix: "Write `method: POST` and `POST {{baseUrl}}/graphql`",
    }));
  }
  if ((protocol === "ws" || protocol === "graphql") && request && request.body.trim() !== "") {
    issues.push(issue("SPEC_PARSE_ERROR", `A protocol: ${protocol} request carries no body`, {
      file,
      line: request.line,
      fix: protocol === "ws"
        ? "Send messages from the ## Messages script (`> <message>` lines)"
        : "Put the operation in ## Query and its variables in ## Variables; apispec writes the body",
    }));
  }
  for (const rule of parts.assertions) {
    const path = rule.path;
    if (!STREAM_ASSERTION.test(path)) continue;
    const needs = path.startsWith("messages") ? "ws" : "sse";
    if (protocol === needs) continue;
    issues.push(issue("VALIDATION_ERROR", `Assertion path "${path}" needs protocol: ${needs}`, {
      file,
      line: rule.line,
      fix: needs === "sse"
        ? "Events exist only in protocol: sse files; assert on body.<field> here"
        : "Messages exist only in protocol: ws files; assert on body.<field> here",
    }));
  }
  if (parts.until !== undefined && protocol === "ws") {
    issues.push(warning('Field "stream.until" applies to protocol sse; a ws script ends itself', {
      file,
      line: parts.untilLine,
      fix: "Remove it; a `< ` line waits for the message, `close: <code>` for the close",
    }));
  }
  return issues;
}
