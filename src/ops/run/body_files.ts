/**
 * The files a run sends or compares, read before anything is sent: a body
 * `< ./file`, multipart `@./file` parts and an expected body `< ./file`. A
 * missing, outside or oversized file is an invalid spec (exit 2), with the
 * file's line and a fix; nothing is sent.
 */
import { type Issue, issue } from "../../engine/issue.ts";
import type { EndpointSpec, ResolvedRequest, ResponseBlock } from "../../engine/model.ts";
import { isMultipart } from "../../engine/files/body_source.ts";
import { formData, readBodyFile } from "../../adapters/body_files.ts";

export interface Payload {
  /** The request to send (a multipart request loses its Content-Type: fetch writes it with the boundary). */
  request: ResolvedRequest;
  body?: BodyInit;
  /** The expected body file's bytes, compared byte for byte with the answer's. */
  expected?: { file: string; bytes: Uint8Array };
  issues: Issue[];
}

/** True when the request or the expected response names a file. */
export function usesFiles(request: ResolvedRequest, expected: ResponseBlock | undefined): boolean {
  return request.bodyFile !== undefined || request.form !== undefined ||
    expected?.bodyFile !== undefined;
}

/** Reads every file the exchange names (relative to `specPath`, inside `projectRoot`). */
export async function loadPayload(
  spec: EndpointSpec,
  request: ResolvedRequest,
  expected: ResponseBlock | undefined,
  places: { projectRoot: string; specPath: string },
): Promise<Payload> {
  const issues: Issue[] = [];
  const read = async (given: string, line: number | undefined) => {
    const result = await readBodyFile(places.projectRoot, places.specPath, given);
    if (result.ok) return result.bytes;
    issues.push(issue("VALIDATION_ERROR", result.reason, {
      file: spec.file,
      line: line ?? spec.request.line,
      ...(result.fix ? { fix: result.fix } : {}),
    }));
    return undefined;
  };
  const payload: Payload = { request, issues };
  if (request.bodyFile !== undefined) {
    const bytes = await read(request.bodyFile, spec.request.bodyFile?.line);
    if (bytes) payload.body = bytes as Uint8Array<ArrayBuffer>;
  } else if (request.form) {
    const files: (Uint8Array | undefined)[] = [];
    for (const [index, part] of request.form.entries()) {
      files.push(
        part.file === undefined
          ? undefined
          : await read(part.file, spec.request.form?.[index]?.line),
      );
    }
    payload.body = formData(request.form, files);
    if (isMultipart(request.headers.map(([name, value]) => ({ name, value })))) {
      payload.request = {
        ...request,
        headers: request.headers.filter(([name]) => name.toLowerCase() !== "content-type"),
      };
    }
  }
  if (expected?.bodyFile) {
    const bytes = await read(expected.bodyFile.path, expected.bodyFile.line);
    if (bytes) payload.expected = { file: expected.bodyFile.path, bytes };
  }
  return payload;
}
