/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The flow page's toolbar (environment, Run, Save, the parallel and
 * continue-on-error switches, the markdown view) and the verdict of a run.
 * The switches apply to the next run at once and are written by Save.
 */
import type { FlowResult } from "../types.ts";
import { EnvSelect, Kbd, MOD } from "./common.tsx";

export interface Switches {
  parallel: boolean;
  continueOnError: boolean;
}

export function FlowToolbar(
  props: {
    env: string;
    environments: string[];
    onEnv: (env: string) => void;
    running: boolean;
    onRun: () => void;
    dirty: boolean;
    onSave: () => void;
    switches: Switches;
    onSwitches: (switches: Switches) => void;
    showSource: boolean;
    onShowSource: (show: boolean) => void;
  },
) {
  const { switches, onSwitches, dirty } = props;
  return (
    <div class="toolbar">
      <EnvSelect
        env={props.env}
        environments={props.environments}
        onChange={props.onEnv}
        id="flow-env"
      />
      <button
        type="button"
        class="primary"
        onClick={props.onRun}
        disabled={props.running}
        data-testid="run-flow"
      >
        {props.running ? "Running…" : "Run flow"} <Kbd>{MOD}+Enter</Kbd>
      </button>
      <button type="button" onClick={props.onSave} disabled={!dirty} data-testid="save-flow">
        Save{dirty ? " •" : ""} <Kbd>{MOD}+S</Kbd>
      </button>
      <label class="check">
        <input
          type="checkbox"
          checked={switches.parallel}
          onChange={(e) =>
            onSwitches({ ...switches, parallel: (e.target as HTMLInputElement).checked })}
        />
        parallel
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={switches.continueOnError}
          onChange={(e) =>
            onSwitches({ ...switches, continueOnError: (e.target as HTMLInputElement).checked })}
        />
        continue on error
      </label>
      <button
        type="button"
        class="ghost"
        onClick={() => props.onShowSource(!props.showSource)}
        aria-pressed={props.showSource}
      >
        {props.showSource ? "Hide markdown" : "Show markdown"}
      </button>
    </div>
  );
}

/**
 * PASS or FAIL, steps (or data rows) passed, and the captures. For a
 * data-driven run, a button per row chooses the row the cards show.
 */
export function FlowVerdict(
  { result, row, onRow }: {
    result: FlowResult;
    row?: number;
    onRow: (row: number) => void;
  },
) {
  const rows = result.iterations;
  return (
    <div class={`verdict ${result.passed ? "pass" : "fail"}`} data-testid="flow-verdict">
      <span class="verdict-label">{result.passed ? "PASS" : "FAIL"}</span>
      <span>
        {rows
          ? `${rows.filter((r) => r.passed).length}/${rows.length} data rows passed`
          : `${result.steps.filter((s) => s.passed).length}/${result.steps.length} steps passed`}
      </span>
      {rows && (
        <span class="row-tabs" role="group" aria-label="Data rows">
          {rows.map((r, i) => (
            <button
              type="button"
              key={i}
              class={`ghost ${r.passed ? "pass" : "fail"}`}
              aria-pressed={(row ?? rows.length - 1) === i}
              onClick={() => onRow(i)}
              data-testid="row-tab"
            >
              row {i + 1} {r.passed ? "✓" : "✗"}
            </button>
          ))}
        </span>
      )}
      {Object.keys(result.captures).length > 0 && (
        <span class="muted">
          captures:{" "}
          {Object.entries(result.captures).map(([k, v]) =>
            `${k}=${v.length > 40 ? `${v.slice(0, 39)}…` : v}`
          ).join(", ")}
        </span>
      )}
    </div>
  );
}
