/** Deterministic mutations of markdown files for fuzzing the parsers. */

/** mulberry32 (the example generator's seeded source), so a failing case can be replayed from its seed. */
export { seededRandom as random } from "../../src/engine/examples/random.ts";

/** Pieces of syntax and hostile characters the mutations insert. */
export const TOKENS = [
  "---",
  "```",
  "```http",
  "```json",
  "```yaml",
  "~~~",
  "## Request",
  "## Expected response",
  "## Schema",
  "## Assertions",
  "## Steps",
  "# ",
  "{{",
  "}}",
  "{{baseUrl}}",
  ":id",
  "- ",
  "1. ",
  "->",
  "→",
  "Capture:",
  "Inject:",
  "Assert:",
  "response.body.",
  "[",
  "]",
  "{",
  "}",
  ":",
  "#",
  "'",
  '"',
  "\t",
  "  ",
  "\r\n",
  "\u00e9",
  "\u{1F600}",
  "\0",
  "HTTP/1.1 ",
  "GET ",
  "version: 1",
  "method: POST",
  "response:\n  match: schema",
  "null",
  "~",
  "AKIAIOSFODNN7EXAMPLE",
  "password: Zx8!qL2#vR9",
  "<!-- apispec:allow-secret -->",
  "!!binary",
  "&a",
  "*a",
  "? ",
];

export function mutate(
  text: string,
  next: () => number,
  rounds = 1 + Math.floor(next() * 4),
): string {
  let lines = text.split("\n");
  const pick = (n: number) => Math.floor(next() * n);
  for (let round = 0; round < rounds; round++) {
    const at = pick(lines.length);
    switch (pick(9)) {
      case 0:
        lines.splice(at, 1);
        break;
      case 1:
        lines.splice(at, 0, lines[pick(lines.length)] ?? "");
        break;
      case 2: {
        const other = pick(lines.length);
        [lines[at], lines[other]] = [lines[other], lines[at]];
        break;
      }
      case 3: {
        const line = lines[at] ?? "";
        const cut = pick(line.length + 1);
        lines[at] = line.slice(0, cut) + TOKENS[pick(TOKENS.length)] + line.slice(cut);
        break;
      }
      case 4:
        lines.splice(at, 0, TOKENS[pick(TOKENS.length)]);
        break;
      case 5:
        lines = lines.slice(0, at + 1);
        break;
      case 6:
        lines[at] = (lines[at] ?? "").replace(/^\s*/, " ".repeat(pick(6)));
        break;
      case 7: {
        const line = lines[at] ?? "";
        const i = pick(line.length);
        lines[at] = line.slice(0, i) + line.slice(i + 1 + pick(4));
        break;
      }
      default:
        lines[at] = String.fromCharCode(...Array.from({ length: pick(12) }, () => 32 + pick(95)));
    }
  }
  return lines.join("\n");
}
