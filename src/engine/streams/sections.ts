/**
 * The parts of an endpoint file that only streams have: `stream:` limits,
 * `## Expected events` (`protocol: sse`) and `## Messages` (`protocol: ws`).
 * A part written for the other protocol is an error naming the right one.
 */
import { type Issue, issue } from "../issue.ts";
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
