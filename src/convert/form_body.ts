/**
 * Form bodies as request-block text. Multipart bodies use a fixed boundary so
 * an import is reproducible; a file part keeps its file name and says where
 * the content comes from, since files are not copied into the collection.
 */
import { percentEncoded } from "../engine/text/percent.ts";

export interface FormPart {
  name: string;
  value: string;
  file?: string;
  contentType?: string;
}

export const BOUNDARY = "apispec-form-boundary";

export function multipartBody(parts: FormPart[]): { contentType: string; body: string } {
  const lines: string[] = [];
  for (const part of parts) {
    lines.push(`--${BOUNDARY}`);
    if (part.file !== undefined) {
      const filename = part.file.split(/[\\/]/).pop() || "file";
      lines.push(`Content-Disposition: form-data; name="${part.name}"; filename="${filename}"`);
      lines.push(`Content-Type: ${part.contentType ?? "application/octet-stream"}`, "");
      lines.push(`(contents of ${part.file})`);
    } else {
      lines.push(`Content-Disposition: form-data; name="${part.name}"`);
      if (part.contentType) lines.push(`Content-Type: ${part.contentType}`);
      lines.push("", part.value);
    }
  }
  lines.push(`--${BOUNDARY}--`);
  // LF in the file; the request block keeps the text as written.
  return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: lines.join("\n") };
}

/** `a=1&b=two%20words`; placeholders stay readable. */
export function urlencodedBody(pairs: [string, string][]): string {
  const encode = (text: string) =>
    text.split(/(\{\{[^}]*\}\})/).map((part) =>
      part.startsWith("{{") ? part : percentEncoded(part).replace(/%20/g, "+")
    ).join("");
  return pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
}
