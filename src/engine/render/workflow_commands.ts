/**
 * GitHub Actions workflow commands (`::error file=…,line=…::message`), the
 * form the runner parses from a step's output. The runner reads a command
 * from any line that starts with `::` (after spaces) and from `##[name]`
 * anywhere in a line, so a report never lets data start either: command
 * values are escaped as the runner unescapes them, and free text (the
 * markdown summary) is printed with command processing stopped around it.
 */

/** Escapes command data (the message): `%`, CR and LF. */
export function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a command property value: also `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * One command line: `::<kind> <name>=<value>,…::<message>`. Property values
 * and the message are escaped here; property names are apispec's own.
 *
 * @example
 * ```ts
 * import { workflowCommand } from "./workflow_commands.ts";
 * workflowCommand("error", [["file", "a,b.md"], ["line", 3]], "50%\nnext");
 * // "::error file=a%2Cb.md,line=3::50%25%0Anext"
 * ```
 */
export function workflowCommand(
  kind: "error" | "warning" | "notice",
  properties: [string, string | number][],
  message: string,
): string {
  const props = properties.map(([name, value]) => `${name}=${escapeProperty(String(value))}`);
  return `::${kind}${props.length ? ` ${props.join(",")}` : ""}::${escapeData(message)}`;
}

/**
 * Free text printed between `::stop-commands::<token>` and `::<token>::`, so
 * that no line of it is read as a command. The token is chosen so that it
 * does not occur in the text: nothing inside can end the pause. The runner
 * compares the token ignoring case (`ı` is `I` to it), so the text is
 * searched upper-cased.
 */
export function withoutCommands(text: string): string {
  const upper = text.toUpperCase();
  let token = "apispec-text";
  for (let n = 2; upper.includes(token.toUpperCase()); n++) token = `apispec-text-${n}`;
  return `::stop-commands::${token}\n${text}\n::${token}::`;
}
