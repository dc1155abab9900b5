/**
 * `apispec import <kind>`: one module for every importer. Reads the input,
 * converts and writes through ops, then reports what was written and skipped
 * (console or `--output=json`). Exit 0, 2 (input not valid for that importer)
 * or 3 (file system).
 */
import { EXIT } from "../../engine/issue.ts";
import { issueJson } from "../../engine/render/issue.ts";
import { displayPath } from "../../ops/collection/load.ts";
import {
  emptyReport,
  type ImportReport,
  invalidInput,
  writeConversion,
} from "../../ops/import/import.ts";
import { convertSource, type ImportKind } from "../../ops/import/import_sources.ts";
import { envVariableFor } from "../../engine/resolve/layers.ts";
import { isRemote } from "../../adapters/remote.ts";
import type { ParsedArgs } from "../args.ts";
import type { CommandModule } from "../command_module.ts";
import type { CliIO } from "../io.ts";
import { printIssues, printJson } from "../output.ts";

/** Progress on stderr, only when it is a terminal and the output is for a person. */
export function progressPrinter(
  enabled: boolean,
): ((done: number, total: number) => void) & { end(): void } {
  const encoder = new TextEncoder();
  let last = 0;
  const print = (done: number, total: number) => {
    if (!enabled || total < 200) return;
    const now = performance.now();
    if (done !== total && now - last < 80) return;
    last = now;
    Deno.stderr.writeSync(encoder.encode(`\r\x1b[2K  importing ${done}/${total}`));
  };
  return Object.assign(print, {
    end: () => {
      if (enabled && last > 0) Deno.stderr.writeSync(encoder.encode("\r\x1b[2K"));
    },
  });
}

export function reportJson(report: ImportReport) {
  return {
    collection: report.collection,
    written: report.written,
    skipped: report.skipped,
    held_for_review: report.held,
    environment: report.environment,
    secrets: report.secrets,
    warnings: report.warnings,
    index: report.index ?? null,
    issues: report.issues.map(issueJson),
  };
}

/** The summary line of imported DELETE operations held for review. */
export function heldNote(count: number, io: CliIO): string {
  return `${io.paint.yellow("held")}     ${count} DELETE operation(s) written with ` +
    "`standalone: false`: check and Run all leave them to flows; review each, then remove " +
    "the line to check it on its own";
}

export function printReport(report: ImportReport, io: CliIO, json: boolean): number {
  if (json) {
    printJson(reportJson(report), io);
    if (report.exitCode !== EXIT.passed) printIssues(report.issues, io);
    return report.exitCode;
  }
  printIssues(report.issues, io);
  if (report.exitCode !== EXIT.passed) return report.exitCode;
  const paint = io.paint;
  for (const file of report.written) io.out(`${paint.green("wrote")}    ${file}`);
  for (const file of report.skipped) io.out(`${paint.yellow("skipped")}  ${file} (exists)`);
  if (report.environment.length) {
    io.out(
      `${
        paint.green("env")
      }      ${report.environment.length} value(s) added to _shared/env.template.md`,
    );
  }
  for (const secret of report.secrets) {
    io.err(
      `${
        io.errPaint.yellow("warning")
      }: a credential in ${secret.where} was replaced by {{${secret.variable}}}; set it with ${
        envVariableFor(secret.variable) ?? `${secret.variable}=<value>`
      } or .env.local`,
    );
  }
  for (const warning of report.warnings) io.err(`${io.errPaint.yellow("warning")}: ${warning}`);
  if (report.held.length > 0) io.out(heldNote(report.held.length, io));
  io.out(
    `${report.written.length} written, ${report.skipped.length} skipped into ${report.collection}${
      report.index ? `; index ${report.index}` : ""
    }`,
  );
  return EXIT.passed;
}

export async function runImport(
  kind: ImportKind,
  args: ParsedArgs,
  io: CliIO,
  source: { path?: string; text?: string },
): Promise<number> {
  const json = args.flags.output === "json";
  const progress = progressPrinter(!json && Deno.stderr.isTerminal());
  const name = !source.path ? "stdin" : isRemote(source.path)
    ? source.path // a URL as typed: a path function would fold its "//"
    : displayPath(source.path, io.ctx.cwd);
  let outcome;
  try {
    outcome = await convertSource(kind, source, io.ctx, {
      onProgress: progress,
      allowRemote: args.flags["allow-remote"] === true,
    });
  } catch (error) {
    progress.end();
    const missing = error instanceof Deno.errors.NotFound;
    const report = emptyReport("", [{
      code: missing ? "USAGE" : "ENGINE_ERROR",
      severity: "error",
      message: missing
        ? `${name} does not exist`
        : `Cannot read ${name}: ${(error as Error).message}`,
      file: name,
      fix: missing ? "Check the path" : "Check the file's permissions",
    }], missing ? EXIT.invalidSpec : EXIT.engineError);
    return printReport(report, io, json);
  }
  if (!outcome.ok) {
    progress.end();
    return printReport(emptyReport("", [invalidInput(outcome, name)], EXIT.invalidSpec), io, json);
  }
  const report = await writeConversion(outcome.conversion, io.ctx, {
    config: io.global.config,
    onProgress: progress,
  });
  progress.end();
  return printReport(report, io, json);
}

/** The command module for one importer kind. */
export function importer(kind: Exclude<ImportKind, "curl">): CommandModule {
  return { run: (args, io) => runImport(kind, args, io, { path: args.positionals[0] }) };
}
