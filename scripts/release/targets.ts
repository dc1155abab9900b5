/** The release targets, and how each one's binary and archive are named. */

export const TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;
export type Target = typeof TARGETS[number];

export function isWindows(target: string): boolean {
  return target.includes("windows");
}

/** `apispec` or `apispec.exe`. */
export function binaryName(target: string): string {
  return isWindows(target) ? "apispec.exe" : "apispec";
}

/**
 * The archive's file name. It carries no version, so the installer can fetch
 * `releases/latest/download/<name>` as well as `releases/download/<tag>/<name>`.
 */
export function archiveName(target: string): string {
  return `apispec-${target}.${isWindows(target) ? "zip" : "tar.gz"}`;
}

export const CHECKSUMS_FILE = "SHA256SUMS";
