/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The side panel of the flow canvas: edit one step's name, endpoint, loop,
 * condition, polling, delay, captures, injects and asserts.
 */
import type { FlowStepDraft } from "../../../src/engine/render/flow_md.ts";
import type { EndpointEntry, StepRecord } from "../types.ts";
import { ResultView } from "./result_view.tsx";

const CAPTURE_HINT =
  "response.body.id · response.body[0].id · response.headers.location · response.status";

export function StepPanel(
  { step, index, endpoints, captured, result, onChange }: {
    step: FlowStepDraft;
    index: number;
    endpoints: EndpointEntry[];
    /** Variables captured by earlier steps, offered for Inject. */
    captured: string[];
    result?: StepRecord;
    onChange: (step: FlowStepDraft) => void;
  },
) {
  const set = (patch: Partial<FlowStepDraft>) => onChange({ ...step, ...patch });
  return (
    <aside class="step-panel" aria-label={`Step ${index + 1}`}>
      <h2>Step {index + 1}</h2>
      <label class="field">
        <span>Name</span>
        <input
          value={step.name}
          onInput={(e) => set({ name: (e.target as HTMLInputElement).value })}
        />
      </label>
      <label class="field">
        <span>Endpoint file</span>
        <select
          value={step.endpoint}
          onChange={(e) => set({ endpoint: (e.target as HTMLSelectElement).value })}
        >
          {!endpoints.some((e) => e.file === step.endpoint) && (
            <option value={step.endpoint}>{step.endpoint}</option>
          )}
          {endpoints.map((e) => (
            <option key={e.file} value={e.file}>{e.method} {e.path} · {e.file}</option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Captures</legend>
        {step.captures.map((capture, i) => (
          <div class="pair" key={i}>
            <input
              aria-label="Capture expression"
              value={capture.expression}
              placeholder="response.body.id"
              title={CAPTURE_HINT}
              onInput={(e) =>
                set({
                  captures: step.captures.map((
                    c,
                    j,
                  ) => (j === i ? { ...c, expression: (e.target as HTMLInputElement).value } : c)),
                })}
            />
            <span class="muted">as</span>
            <input
              aria-label="Variable name"
              value={capture.variable}
              placeholder="userId"
              onInput={(e) =>
                set({
                  captures: step.captures.map((
                    c,
                    j,
                  ) => (j === i ? { ...c, variable: (e.target as HTMLInputElement).value } : c)),
                })}
            />
            <button
              type="button"
              class="icon"
              aria-label="Remove capture"
              onClick={() => set({ captures: step.captures.filter((_, j) => j !== i) })}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          class="ghost"
          onClick={() =>
            set({ captures: [...step.captures, { expression: "response.body.id", variable: "" }] })}
        >
          + Capture
        </button>
      </fieldset>
      <fieldset>
        <legend>Inject</legend>
        {captured.length === 0 && <p class="muted">No earlier step captures anything.</p>}
        {captured.map((variable) => (
          <label key={variable} class="check">
            <input
              type="checkbox"
              checked={step.injects.includes(variable)}
              onChange={(e) =>
                set({
                  injects: (e.target as HTMLInputElement).checked
                    ? [...step.injects, variable]
                    : step.injects.filter((v) => v !== variable),
                })}
            />
            <code>{variable}</code>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Runs</legend>
        <div class="pair">
          <input
            aria-label="For each: array variable"
            value={step.forEach?.items ?? ""}
            placeholder="for each: users"
            onInput={(e) => {
              const items = (e.target as HTMLInputElement).value;
              set({ forEach: items ? { items, as: step.forEach?.as || "item" } : undefined });
            }}
          />
          <span class="muted">as</span>
          <input
            aria-label="For each: element variable"
            value={step.forEach?.as ?? ""}
            placeholder="item"
            disabled={!step.forEach}
            onInput={(e) =>
              step.forEach &&
              set({ forEach: { ...step.forEach, as: (e.target as HTMLInputElement).value } })}
          />
        </div>
        <TextLine label="When" value={step.when} hint="role: equals admin" set={set} field="when" />
        <TextLine
          label="Until"
          value={step.until}
          hint="body.status: equals done"
          set={set}
          field="until"
        />
        <div class="pair">
          <TextLine label="Every" value={step.every} hint="1s" set={set} field="every" />
          <TextLine label="Times" value={step.times} hint="10" set={set} field="times" />
          <TextLine label="Delay" value={step.delay} hint="250ms" set={set} field="delay" />
        </div>
      </fieldset>
      <fieldset>
        <legend>Assertions</legend>
        <textarea
          aria-label="Assertions, one per line"
          rows={Math.max(2, step.asserts.length + 1)}
          placeholder="body.id: exists"
          value={step.asserts.join("\n")}
          onInput={(e) => set({ asserts: (e.target as HTMLTextAreaElement).value.split("\n") })}
        />
      </fieldset>
      {result?.record && (
        <div class="step-result">
          <h3>Last run</h3>
          <ResultView record={result.record} issues={[]} />
        </div>
      )}
      {result && !result.record && result.hint && <p class="hint">{result.hint}</p>}
    </aside>
  );
}

/** One optional step line (When, Until, Every, Times, Delay) as a labelled text input. */
function TextLine(
  { label, value, hint, field, set }: {
    label: string;
    value?: string;
    hint: string;
    field: "when" | "until" | "every" | "times" | "delay";
    set: (patch: Partial<FlowStepDraft>) => void;
  },
) {
  return (
    <label class="field">
      <span>{label}</span>
      <input
        aria-label={label}
        value={value ?? ""}
        placeholder={hint}
        onInput={(e) => set({ [field]: (e.target as HTMLInputElement).value || undefined })}
      />
    </label>
  );
}
