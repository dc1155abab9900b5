/**
 * Finds HTTP routes in source code by the patterns of the common frameworks:
 * method and path only, as `import project`'s last resort. JS/TS (Express,
 * Fastify, Hono, Koa, NestJS, Next.js route handlers), Python (Flask,
 * FastAPI, Django), Go (net/http, gin, echo, chi), Java/Kotlin (Spring),
 * Ruby (Rails routes, Sinatra), PHP (Laravel), Rust (axum, actix) and C#
 * (ASP.NET minimal APIs and controllers).
 */
import type { HttpMethod } from "../engine/model.ts";
import { httpMethod } from "./endpoint.ts";

export interface SourceRoute {
  method: HttpMethod;
  path: string;
  file: string;
  line: number;
}

export interface SourceText {
  path: string;
  text: string;
}

const VERBS = "get|post|put|patch|delete|head|options";

/** Framework parameter forms (`{id}`, `<int:id>`, `[id]`, `{id:int}`) → `:id`; a leading slash; no trailing one. */
export function normalizeRoute(path: string): string {
  let out = path.trim()
    .replace(/\{([A-Za-z_]\w*)(:[^}]*)?\}/g, ":$1")
    .replace(/<(?:\w+:)?([A-Za-z_]\w*)>/g, ":$1")
    .replace(/\[\[?\.\.\.([A-Za-z_]\w*)\]?\]/g, ":$1")
    .replace(/\[([A-Za-z_]\w*)\]/g, ":$1")
    .replace(/\*\w*/g, "")
    .replace(/^\^|\$$/g, "");
  if (!out.startsWith("/")) out = `/${out}`;
  out = out.replace(/\/{2,}/g, "/");
  return out.length > 1 ? out.replace(/\/$/, "") : out;
}

function join(prefix: string, path: string): string {
  return normalizeRoute(`${prefix.replace(/\/$/, "")}/${path.replace(/^\//, "")}`);
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

type Emit = (method: string, path: string, index: number) => void;

function scanJs(file: SourceText, emit: Emit) {
  const { text } = file;
  // Next.js route handlers: app/**/route.ts exporting GET, POST...
  const next = /(?:^|\/)app\/(.*?)\/?route\.[jt]sx?$/.exec(file.path);
  if (next) {
    const path = "/" +
      next[1].split("/").filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("@")).join("/");
    for (
      const m of text.matchAll(
        /export\s+(?:async\s+)?(?:function\s+|const\s+)(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g,
      )
    ) {
      emit(m[1], path, m.index!);
    }
    return;
  }
  // NestJS controllers.
  const controller = /@Controller\(\s*(?:['"`]([^'"`]*)['"`])?/.exec(text);
  if (controller) {
    for (
      const m of text.matchAll(
        /@(Get|Post|Put|Patch|Delete|Head|Options|All)\(\s*(?:['"`]([^'"`]*)['"`])?\s*\)/g,
      )
    ) {
      emit(m[1], join(controller[1] ?? "", m[2] ?? ""), m.index!);
    }
    return;
  }
  // Express, Koa router, Hono, Fastify shorthand: app.get('/x', ...).
  const call = new RegExp(`\\b\\w+\\.(${VERBS}|all)\\(\\s*(['"\`])(/[^'"\`]*)\\2`, "g");
  for (const m of text.matchAll(call)) emit(m[1], m[3], m.index!);
  // Express chained routes: router.route('/x').get(...).post(...).
  for (
    const m of text.matchAll(
      /\.route\(\s*(['"`])(\/[^'"`]*)\1\s*\)((?:\s*\.\s*(?:get|post|put|patch|delete)\([^]*?\))+)/g,
    )
  ) {
    for (const verb of m[3].matchAll(/\.\s*(get|post|put|patch|delete)\(/g)) {
      emit(verb[1], m[2], m.index!);
    }
  }
  // Fastify full declarations: fastify.route({ method: 'GET', url: '/x' }).
  for (const m of text.matchAll(/method:\s*\[?\s*['"](\w+)['"][^}]*?url:\s*['"]([^'"]+)['"]/g)) {
    emit(m[1], m[2], m.index!);
  }
}

function scanPython(file: SourceText, emit: Emit) {
  const { text } = file;
  const prefix = /APIRouter\([^)]*prefix\s*=\s*['"]([^'"]*)['"]/.exec(text)?.[1] ?? "";
  for (const m of text.matchAll(new RegExp(`@\\w+\\.(${VERBS})\\(\\s*['"]([^'"]*)['"]`, "g"))) {
    emit(m[1], join(prefix, m[2]), m.index!);
  }
  for (const m of text.matchAll(/@\w+\.route\(\s*['"]([^'"]*)['"]([^)]*)\)/g)) {
    const methods = /methods\s*=\s*\[([^\]]*)\]/.exec(m[2])?.[1].match(/\w+/g) ?? ["GET"];
    for (const method of methods) emit(method, m[1], m.index!);
  }
  if (/django/.test(text) || /urlpatterns/.test(text)) {
    for (const m of text.matchAll(/\bpath\(\s*['"]([^'"]*)['"]/g)) emit("GET", m[1], m.index!);
  }
}

function scanGo(file: SourceText, emit: Emit) {
  const { text } = file;
  for (
    const m of text.matchAll(
      /\.(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Get|Post|Put|Patch|Delete|Head|Options)\(\s*"(\/[^"]*)"/g,
    )
  ) {
    emit(m[1], m[2], m.index!);
  }
  for (const m of text.matchAll(/\.(?:HandleFunc|Handle)\(\s*"(?:([A-Z]+)\s+)?(\/[^"]*)"/g)) {
    emit(m[1] ?? "GET", m[2], m.index!);
  }
}

function scanJava(file: SourceText, emit: Emit) {
  const { text } = file;
  const classMapping =
    /@RequestMapping\(\s*(?:(?:value|path)\s*=\s*)?"([^"]*)"\s*\)\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:public\s+)?(?:final\s+)?class/
      .exec(text);
  const prefix = classMapping?.[1] ?? "";
  for (
    const m of text.matchAll(
      /@(Get|Post|Put|Patch|Delete)Mapping(?:\(\s*(?:(?:value|path)\s*=\s*)?\{?\s*"([^"]*)"[^)]*\))?/g,
    )
  ) {
    emit(m[1], join(prefix, m[2] ?? ""), m.index!);
  }
  for (
    const m of text.matchAll(/@RequestMapping\(([^)]*method\s*=\s*RequestMethod\.(\w+)[^)]*)\)/g)
  ) {
    const path = /"([^"]*)"/.exec(m[1])?.[1] ?? "";
    emit(m[2], join(prefix, path), m.index!);
  }
}

function scanRuby(file: SourceText, emit: Emit) {
  const { text } = file;
  for (const m of text.matchAll(new RegExp(`^\\s*(${VERBS})\\s+['"]([^'"]+)['"]`, "gm"))) {
    emit(m[1], m[2], m.index!);
  }
  for (const m of text.matchAll(/^\s*resources?\s+:(\w+)(.*)$/gm)) {
    const singular = /^\s*resource\s/.test(m[0]);
    const base = `/${m[1]}`;
    const only = /only:\s*\[([^\]]*)\]/.exec(m[2])?.[1].match(/\w+/g);
    const actions: [string, string, string][] = singular
      ? [["show", "GET", base], ["create", "POST", base], ["update", "PATCH", base], [
        "destroy",
        "DELETE",
        base,
      ]]
      : [
        ["index", "GET", base],
        ["create", "POST", base],
        ["show", "GET", `${base}/:id`],
        ["update", "PATCH", `${base}/:id`],
        ["destroy", "DELETE", `${base}/:id`],
      ];
    for (const [action, method, path] of actions) {
      if (!only || only.includes(action)) emit(method, path, m.index!);
    }
  }
}

function scanPhp(file: SourceText, emit: Emit) {
  for (const m of file.text.matchAll(new RegExp(`Route::(${VERBS})\\(\\s*['"]([^'"]*)['"]`, "g"))) {
    emit(m[1], m[2], m.index!);
  }
}

function scanRust(file: SourceText, emit: Emit) {
  const { text } = file;
  // axum: .route("/x", get(a).post(b)); the method routers sit on the same line.
  for (const m of text.matchAll(/\.route\(\s*"([^"]+)"\s*,([^\n]*)/g)) {
    for (const verb of m[2].matchAll(new RegExp(`\\b(${VERBS})\\(`, "g"))) {
      emit(verb[1], m[1], m.index!);
    }
  }
  for (const m of text.matchAll(new RegExp(`#\\[(${VERBS})\\(\\s*"([^"]+)"`, "g"))) {
    emit(m[1], m[2], m.index!);
  }
}

function scanCsharp(file: SourceText, emit: Emit) {
  const { text } = file;
  for (const m of text.matchAll(/\.Map(Get|Post|Put|Patch|Delete)\(\s*"([^"]*)"/g)) {
    emit(m[1], m[2], m.index!);
  }
  const controller = /class\s+(\w+?)Controller\b/.exec(text);
  const route =
    /\[Route\(\s*"([^"]*)"\s*\)\]\s*(?:\[[^\]]*\]\s*)*(?:public\s+)?(?:sealed\s+)?(?:partial\s+)?class/
      .exec(text)?.[1] ?? "";
  const prefix = route.replace(/\[controller\]/gi, (controller?.[1] ?? "").toLowerCase());
  for (const m of text.matchAll(/\[Http(Get|Post|Put|Patch|Delete)(?:\(\s*"([^"]*)"\s*\))?\]/g)) {
    emit(m[1], join(prefix, m[2] ?? ""), m.index!);
  }
}

const SCANNERS: [RegExp, (file: SourceText, emit: Emit) => void][] = [
  [/\.(m|c)?[jt]sx?$/, scanJs],
  [/\.py$/, scanPython],
  [/\.go$/, scanGo],
  [/\.(java|kt)$/, scanJava],
  [/\.rb$/, scanRuby],
  [/\.php$/, scanPhp],
  [/\.rs$/, scanRust],
  [/\.cs$/, scanCsharp],
];

/** Extensions worth reading for routes. */
export const SOURCE_EXTENSIONS = /\.(m|c)?[jt]sx?$|\.(py|go|java|kt|rb|php|rs|cs)$/;

/**
 * @example
 * ```ts
 * import { scanRoutes } from "./scan_routes.ts";
 * scanRoutes([{ path: "server.js", text: "app.get('/users/:id', show)" }])[0].path; // "/users/:id"
 * ```
 */
export function scanRoutes(files: SourceText[]): SourceRoute[] {
  const routes: SourceRoute[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const scanner = SCANNERS.find(([pattern]) => pattern.test(file.path))?.[1];
    if (!scanner) continue;
    scanner(file, (rawMethod, rawPath, index) => {
      const methods = rawMethod.toLowerCase() === "all" || rawMethod === "All"
        ? ["GET"]
        : [rawMethod];
      for (const m of methods) {
        const method = httpMethod(m);
        if (!method) continue;
        const path = normalizeRoute(rawPath);
        const key = `${method} ${path}`;
        if (seen.has(key)) continue;
        seen.add(key);
        routes.push({ method, path, file: file.path, line: lineAt(file.text, index) });
      }
    });
  }
  return routes;
}
