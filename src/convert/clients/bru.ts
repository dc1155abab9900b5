/**
 * A small reader for Bruno's `.bru` block format: `name {` at the start of a
 * line opens a block, `}` at the start of a line closes it. Dictionary blocks
 * hold `key: value` lines (`~key` is disabled, `@annotations` are skipped,
 * `'''` opens a multi-line value); text blocks (bodies, docs, scripts) keep
 * their lines, less the two-space indent. `vars:secret [a, b]` is a list.
 */

export interface BruBlock {
  name: string;
  /** 1-based line of the opening line. */
  line: number;
  text: string;
  entries: { key: string; value: string; disabled: boolean }[];
}

export type BruParse = { ok: true; blocks: BruBlock[] } | {
  ok: false;
  message: string;
  line: number;
};

const TEXT_BLOCK = /^(body(:(json|text|xml|sparql|graphql|graphql:vars))?|docs|tests|script:.*)$/;

function dedent(lines: string[]): string {
  return lines.map((l) => l.replace(/^ {2}/, "")).join("\n").replace(/^\n+|\s+$/g, "");
}

function dictionary(lines: string[]): BruBlock["entries"] {
  const entries: BruBlock["entries"] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "" || line.startsWith("@")) continue;
    const match = /^(~?)([^:]+?)\s*:\s?(.*)$/.exec(line);
    if (!match) continue;
    let value = match[3];
    if (value.trim() === "'''") {
      const body: string[] = [];
      for (i++; i < lines.length && lines[i].trim() !== "'''"; i++) body.push(lines[i]);
      value = dedent(body.map((l) => l.replace(/^ {2}/, "")));
    }
    entries.push({ key: match[2].trim(), value: value.trim(), disabled: match[1] === "~" });
  }
  return entries;
}

/**
 * @example
 * ```ts
 * import { parseBru } from "./bru.ts";
 * const parsed = parseBru("get {\n  url: {{host}}/users\n}\n");
 * parsed.ok && parsed.blocks[0].entries[0].value; // "{{host}}/users"
 * ```
 */
export function parseBru(source: string): BruParse {
  const lines = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\n");
  const blocks: BruBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "") continue;
    const list = /^([\w:-]+)\s*\[(.*)$/.exec(line);
    if (list) {
      const items: string[] = [list[2]];
      while (!items.join(" ").includes("]") && i + 1 < lines.length) items.push(lines[++i]);
      const values = items.join(" ").replace(/\].*$/, "").split(",").map((s) => s.trim()).filter(
        Boolean,
      );
      blocks.push({
        name: list[1],
        line: i + 1,
        text: "",
        entries: values.map((key) => ({
          key: key.replace(/^~/, ""),
          value: "",
          disabled: key.startsWith("~"),
        })),
      });
      continue;
    }
    const open = /^([\w:.-]+)\s*\{\s*$/.exec(line);
    if (!open) {
      return {
        ok: false,
        message: `Cannot parse line "${line.trim()}": expected a block such as \`get {\``,
        line: i + 1,
      };
    }
    const start = i + 1;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "}" && lines[i].trimEnd() !== "}"; i++) {
      body.push(lines[i]);
    }
    if (i >= lines.length) {
      return { ok: false, message: `Block "${open[1]}" is never closed`, line: start };
    }
    const name = open[1];
    blocks.push({
      name,
      line: start,
      text: dedent(body),
      entries: TEXT_BLOCK.test(name) ? [] : dictionary(body),
    });
  }
  return { ok: true, blocks };
}

/** The enabled entries of a dictionary block as a map. */
export function entriesOf(blocks: BruBlock[], name: string): Record<string, string> {
  const block = blocks.find((b) => b.name === name);
  return Object.fromEntries(
    (block?.entries ?? []).filter((e) => !e.disabled).map((e) => [e.key, e.value]),
  );
}
