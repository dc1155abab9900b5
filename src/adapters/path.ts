/**
 * File paths, from Deno's standard library (@std/path, vendored:
 * vendor/README.md), with node:path's functions and results for the paths
 * apispec builds. (They differ in corners: node keeps the trailing slash of
 * `dirname("a//b")`, and on Windows guards a drive path joined onto a relative
 * one with `.\`.) Why not node:path: loading it pulls in Deno's Node
 * compatibility layer, about 5 ms of every cold start. @std/path's own entry
 * points read `process`, which costs more (Deno loads its Node layer on the
 * first read of that global: 50 ms), so this module picks the POSIX or the
 * Windows functions itself and hands them absolute paths.
 */
import { posix, windows } from "std-path";

const platform = Deno.build.os === "windows" ? windows : posix;

/** The platform's path separator. */
export const sep: "/" | "\\" = Deno.build.os === "windows" ? "\\" : "/";

/** The last part of a path, without `suffix` when it ends with it. */
export const basename: (path: string, suffix?: string) => string = platform.basename;

/** The path without its last part. */
export const dirname: (path: string) => string = platform.dirname;

export const isAbsolute: (path: string) => boolean = platform.isAbsolute;

/** The parts joined with the separator, then normalized. */
export const join: (...paths: string[]) => string = platform.join;

/** The path from `from` to `to` (a relative one is taken from the working folder). */
export function relative(from: string, to: string): string {
  // As in resolve: @std/path would read `process` for a relative part, and loading it costs 50 ms.
  return isAbsolute(from) && isAbsolute(to)
    ? platform.relative(from, to)
    : platform.relative(resolve(from), resolve(to));
}

/** An absolute path: the parts resolved from right to left, then from the working folder. */
export function resolve(...paths: string[]): string {
  // The working folder from Deno.cwd(), as node:path takes it from process.cwd(): @std/path
  // would read `process` when no part is absolute.
  return platform.resolve(...(paths.some(isAbsolute) ? paths : [Deno.cwd(), ...paths]));
}
