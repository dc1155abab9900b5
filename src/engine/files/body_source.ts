/**
 * Bodies that come from files, as Hurl and httpyac write them: a body line
 * `< ./files/avatar.png` (the file's bytes; in an expected response, compared
 * byte for byte), and multipart/form-data bodies in curl's form syntax, one
 * part a line: `name=value`, `avatar=@./files/avatar.png;type=image/png`.
 * Paths are relative to the endpoint file; reading them is the adapters' job.
 */
import { type Issue, issue } from "../issue.ts";
import type { BodyFile, FormPart, HttpHeader } from "../model.ts";

const FILE_LINE = /^<[ \t]+(\S(?:.*\S)?)$/;

/**
 * The file a body names when the body is one line `< <path>`.
 *
 * @example
 * ```ts
 * import { bodyFileOf } from "./body_source.ts";
 * bodyFileOf("< ./files/avatar.png", 9); // { path: "./files/avatar.png", line: 9 }
 * bodyFileOf('{"id": 1}', 9); // undefined
 * ```
 */
export function bodyFileOf(body: string, line: number): BodyFile | undefined {
  const text = body.trim();
  if (text.includes("\n")) return undefined;
  const match = FILE_LINE.exec(text);
  return match ? { path: match[1], line } : undefined;
}

/** True when the headers declare a multipart/form-data body. */
export function isMultipart(headers: readonly Pick<HttpHeader, "name" | "value">[]): boolean {
  return headers.some((h) =>
    h.name.toLowerCase() === "content-type" && /^\s*multipart\/form-data\b/i.test(h.value)
  );
}

/**
 * True when the body is written in curl's form syntax: multipart/form-data
 * without a `boundary=` (a body with its boundary is already encoded, and is
 * sent as written).
 */
export function isFormSyntax(headers: readonly Pick<HttpHeader, "name" | "value">[]): boolean {
  return isMultipart(headers) &&
    !headers.some((h) => h.name.toLowerCase() === "content-type" && /boundary=/i.test(h.value));
}

const PART = /^([^=\s][^=]*?)\s*=(.*)$/;
const ATTRIBUTE = /^\s*(type|filename)\s*=\s*(.*?)\s*$/i;

/**
 * Parses a multipart body in curl's `-F` syntax, one part a line (blank lines
 * and `#` comments skipped): `name=value`, `name=@path[;type=<mime>][;filename=<name>]`.
 * `firstLine` is the body's first line in the file.
 *
 * @example
 * ```ts
 * import { parseFormParts } from "./body_source.ts";
 * parseFormParts("title=Me\navatar=@./a.png;type=image/png", "x.md", 12).parts;
 * // [{name: "title", value: "Me", line: 12}, {name: "avatar", file: "./a.png", type: "image/png", line: 13}]
 * ```
 */
export function parseFormParts(
  body: string,
  file: string,
  firstLine: number,
): { parts: FormPart[]; issues: Issue[] } {
  const parts: FormPart[] = [];
  const issues: Issue[] = [];
  body.split("\n").forEach((raw, offset) => {
    const text = raw.trim();
    const line = firstLine + offset;
    if (text === "" || text.startsWith("#")) return;
    const match = PART.exec(text);
    if (!match) {
      issues.push(issue("VALIDATION_ERROR", `Cannot parse multipart part "${text}"`, {
        file,
        line,
        fix: "Write one part a line in curl's form syntax: `name=value` or " +
          "`avatar=@./files/avatar.png;type=image/png`",
      }));
      return;
    }
    const [, name, rest] = match;
    if (!rest.startsWith("@")) {
      parts.push({ name, value: rest, line });
      return;
    }
    const [path, ...attributes] = rest.slice(1).split(";");
    const part: FormPart = { name, file: path.trim(), line };
    if (part.file === "") {
      issues.push(issue("VALIDATION_ERROR", `Multipart part "${name}" names no file after @`, {
        file,
        line,
        fix: "Write the file's path after @, relative to this endpoint file: " +
          `\`${name}=@./files/${name}.png\``,
      }));
      return;
    }
    for (const attribute of attributes) {
      const found = ATTRIBUTE.exec(attribute);
      if (!found) {
        issues.push(
          issue("VALIDATION_ERROR", `Unknown attribute "${attribute.trim()}" in part "${name}"`, {
            file,
            line,
            fix: "A file part takes `;type=<media type>` and `;filename=<name>`",
          }),
        );
        continue;
      }
      if (found[1].toLowerCase() === "type") part.type = found[2];
      else part.filename = found[2];
    }
    parts.push(part);
  });
  return { parts, issues };
}

/** The first line of a block's body: after its start line, headers and one blank line. */
function bodyLine(block: { line: number; headers: HttpHeader[] }): number {
  return (block.headers.at(-1)?.line ?? block.line) + 2;
}

/**
 * Reads the file and multipart forms of a request block and an expected
 * response: the blocks with `bodyFile`/`form` set, and any issue.
 */
export function withBodySources<
  R extends { line: number; headers: HttpHeader[]; body: string },
  E extends { line: number; headers: HttpHeader[]; body: string },
>(
  request: R | undefined,
  expected: E | undefined,
  file: string,
): {
  request?: R & { bodyFile?: BodyFile; form?: FormPart[] };
  expected?: E & { bodyFile?: BodyFile };
  issues: Issue[];
} {
  const issues: Issue[] = [];
  let outRequest: (R & { bodyFile?: BodyFile; form?: FormPart[] }) | undefined = request;
  if (request && request.body.trim() !== "") {
    const bodyFile = bodyFileOf(request.body, bodyLine(request));
    if (bodyFile) outRequest = { ...request, bodyFile };
    // A body that starts with a boundary line is already encoded: sent as written.
    else if (isFormSyntax(request.headers) && !/^\s*--/.test(request.body)) {
      const form = parseFormParts(request.body, file, bodyLine(request));
      issues.push(...form.issues);
      outRequest = { ...request, form: form.parts };
    }
  }
  let outExpected: (E & { bodyFile?: BodyFile }) | undefined = expected;
  if (expected && expected.body.trim() !== "") {
    const bodyFile = bodyFileOf(expected.body, bodyLine(expected));
    if (bodyFile) outExpected = { ...expected, bodyFile };
  }
  return { request: outRequest, expected: outExpected, issues };
}
