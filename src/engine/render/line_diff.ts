/**
 * A line diff (longest common subsequence) of the documented and the actual
 * body, both pretty-printed, for the UI's result view and the HTML report.
 * Large bodies are not diffed line by line (quadratic); the record's own diff
 * still says what differs.
 */
export type DiffLine = { op: " " | "-" | "+"; text: string };

const MAX_CELLS = 4_000_000;

/** JSON bodies indented, anything else as it is. */
export function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * Lines kept (" "), removed ("-") and added ("+"), or undefined when the
 * texts are too large to compare line by line.
 *
 * @example
 * ```ts
 * import { lineDiff } from "./line_diff.ts";
 * lineDiff("a\nb", "a\nc")!.map((l) => l.op + l.text); // [" a", "-b", "+c"]
 * ```
 */
export function lineDiff(expected: string, actual: string): DiffLine[] | undefined {
  const a = expected.split("\n");
  const b = actual.split("\n");
  if (a.length * b.length > MAX_CELLS) return undefined;
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j]
        ? table[(i + 1) * width + j + 1] + 1
        : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: " ", text: a[i] });
      i++;
      j++;
    } else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) {
      out.push({ op: "-", text: a[i++] });
    } else out.push({ op: "+", text: b[j++] });
  }
  while (i < a.length) out.push({ op: "-", text: a[i++] });
  while (j < b.length) out.push({ op: "+", text: b[j++] });
  return out;
}
