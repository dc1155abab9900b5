/**
 * The media type a file's extension names, for a file body served without a
 * declared `Content-Type` (the mock's `< ./files/logo.png`). The common types
 * of API answers; anything else is `application/octet-stream`.
 */
const BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  pdf: "application/pdf",
  zip: "application/zip",
  gz: "application/gzip",
  json: "application/json",
  xml: "application/xml",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  html: "text/html; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  mp4: "video/mp4",
  webm: "video/webm",
  woff2: "font/woff2",
};

/**
 * @example
 * ```ts
 * import { mediaTypeOfFile } from "./media_type.ts";
 * mediaTypeOfFile("./files/logo.PNG"); // "image/png"
 * mediaTypeOfFile("./files/blob"); // "application/octet-stream"
 * ```
 */
export function mediaTypeOfFile(path: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? "";
  return Object.hasOwn(BY_EXTENSION, extension)
    ? BY_EXTENSION[extension]
    : "application/octet-stream";
}
