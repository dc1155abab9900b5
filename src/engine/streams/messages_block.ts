/**
 * `## Messages` of `protocol: ws` files: one `ws` fenced block, a script run
 * in order. `> <message>` sends, `< <message>` expects the next message (JSON
 * by the file's match mode, text exactly), `close: <code>` expects the server
 * to close with that code. Blank lines and `#` comments are skipped.
 */
import { type Issue, issue } from "../issue.ts";
import type { MessageStep } from "../model.ts";
import type { MdSection } from "../parse/markdown.ts";
import { oneBlock } from "../parse/one_block.ts";

/**
 * Parses the `ws` block of a section.
 *
 * @example
 * ```ts
 * // ```ws
 * // > {"type": "subscribe", "channel": "prices"}
 * // < {"type": "subscribed"}
 * // close: 1000
 * // ```
 * parseMessages(section, "prices.md").messages?.steps.map((s) => s.kind); // ["send", "expect", "close"]
 * ```
 */
export function parseMessages(
  section: MdSection,
  file: string,
): { messages?: { steps: MessageStep[]; line: number }; issues: Issue[] } {
  const found = oneBlock(
    section,
    "ws",
    file,
    "Write the script in one fenced block that opens with ```ws: `> ` lines are sent, " +
      "`< ` lines expected, `close: 1000` expects the close",
  );
  if (!found.block) return { issues: [found.issue!] };
  const block = found.block;
  const issues: Issue[] = [];
  const steps: MessageStep[] = [];
  block.text.split("\n").forEach((raw, offset) => {
    const line = block.contentLine + offset;
    const text = raw.replace(/\r$/, "");
    if (text.trim() === "" || text.trimStart().startsWith("#")) return;
    const message = /^([<>])(?: (.*))?$/.exec(text);
    if (message) {
      if (steps.at(-1)?.kind === "close") {
        issues.push(issue("SPEC_PARSE_ERROR", "Nothing can follow `close:` in a ws script", {
          file,
          line,
          fix: "Move the `close: <code>` line to the end of the script",
        }));
      }
      steps.push({ kind: message[1] === ">" ? "send" : "expect", text: message[2] ?? "", line });
      return;
    }
    const close = /^close:\s*(\S+)\s*$/.exec(text.trim());
    if (close) {
      const code = Number(close[1]);
      if (!Number.isInteger(code) || code < 1000 || code > 4999) {
        issues.push(
          issue("SPEC_PARSE_ERROR", `Close code "${close[1]}" is not a WebSocket close code`, {
            file,
            line,
            fix: "Write a code between 1000 and 4999, e.g. `close: 1000` (normal closure)",
          }),
        );
        return;
      }
      steps.push({ kind: "close", code, line });
      return;
    }
    issues.push(issue("SPEC_PARSE_ERROR", `Cannot read script line "${text.trim()}"`, {
      file,
      line,
      fix: "Start each line with `> ` (send), `< ` (expect) or `close: <code>`",
    }));
  });
  if (steps.length === 0 && issues.length === 0) {
    issues.push(issue("SPEC_PARSE_ERROR", 'Section "## Messages" holds no message', {
      file,
      line: block.line,
      fix: "Write `> <message>` lines to send and `< <message>` lines to expect",
    }));
  }
  return { messages: { steps, line: block.line }, issues };
}
