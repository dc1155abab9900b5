/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The flow canvas: steps as cards in run order, capture → inject links drawn
 * beside them, each step's result after a run. Steps can be added, removed,
 * reordered and edited; Save writes the `## Steps` section back in the flow
 * syntax (everything else in the file stays as written).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import {
  type FlowStepDraft,
  replaceFlowSteps,
  setFlowSwitch,
  stepDraftOf,
} from "../../../src/engine/render/flow_md.ts";
import { api, ApiFailure, runFlow } from "../api.ts";
import { subscribe } from "../live.ts";
import { hrefFor, linkClick, setLeaveGuard } from "../router.ts";
import type { EndpointEntry, FlowResponse, FlowResult, Issue, StepRecord } from "../types.ts";
import {
  CodeBlock,
  EnvSelect,
  IssueList,
  Kbd,
  MethodBadge,
  MOD,
  PagePlaceholder,
  toast,
  useModShortcuts,
} from "./common.tsx";
import { danglingInjects, flowLinks } from "./flow_links.ts";
import { StepPanel } from "./flow_step_panel.tsx";

const CARD_HEIGHT = 104;
const CARD_GAP = 28;
const CARD_WIDTH = 440;

function cleanSteps(steps: FlowStepDraft[]): FlowStepDraft[] {
  return steps.map((s) => ({
    ...s,
    asserts: s.asserts.map((a) => a.trim()).filter(Boolean),
    captures: s.captures.filter((c) => c.expression.trim() && c.variable.trim()),
  }));
}

function Links({ steps, uses }: { steps: FlowStepDraft[]; uses: (string[] | undefined)[] }) {
  const links = flowLinks(steps, uses);
  const height = steps.length * (CARD_HEIGHT + CARD_GAP);
  const width = 220;
  return (
    <svg
      class="links"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-label="Capture to inject links"
      role="img"
    >
      {links.map((link, i) => {
        const y1 = link.from * (CARD_HEIGHT + CARD_GAP) + CARD_HEIGHT / 2;
        const y2 = link.to * (CARD_HEIGHT + CARD_GAP) + CARD_HEIGHT / 2;
        const bulge = Math.min(width - 70, 40 + (link.to - link.from) * 28 + (i % 3) * 14);
        const mid = (y1 + y2) / 2;
        return (
          <g key={i} class={`link ${link.explicit ? "explicit" : "implicit"}`}>
            <path
              d={`M 0 ${y1} C ${bulge} ${y1}, ${bulge} ${y2}, 6 ${y2}`}
              fill="none"
              marker-end="url(#arrow)"
            />
            <text x={bulge * 0.75 + 6} y={mid + 4}>{link.variable}</text>
          </g>
        );
      })}
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" class="arrow" />
        </marker>
      </defs>
    </svg>
  );
}

function StepCard(
  { step, index, info, result, selected, count, onSelect, onMove, onRemove }: {
    step: FlowStepDraft;
    index: number;
    info?: FlowResponse["steps"][number] | EndpointEntry;
    result?: StepRecord;
    selected: boolean;
    count: number;
    onSelect: () => void;
    onMove: (delta: number) => void;
    onRemove: () => void;
  },
) {
  const state = result ? (result.skipped ? "skipped" : result.passed ? "pass" : "fail") : "idle";
  return (
    <div
      class={`step-card ${selected ? "selected" : ""} state-${state}`}
      style={{
        height: `${CARD_HEIGHT}px`,
        marginBottom: `${CARD_GAP}px`,
        width: `${CARD_WIDTH}px`,
      }}
      data-testid="step-card"
    >
      <button type="button" class="step-main" onClick={onSelect} aria-pressed={selected}>
        <span class="step-number">{index + 1}</span>
        <span class="step-body">
          <span class="step-name">{step.name}</span>
          <span class="step-endpoint">
            {info && "method" in info && info.method && <MethodBadge method={info.method} />}
            <code>{info && "path" in info && info.path ? info.path : step.endpoint}</code>
          </span>
          <span class="step-vars muted">
            {[
              step.captures.length
                ? `captures ${step.captures.map((c) => c.variable).join(", ")}`
                : "",
              step.injects.length ? `uses ${step.injects.join(", ")}` : "",
              step.asserts.filter((a) => a.trim()).length
                ? `${step.asserts.filter((a) => a.trim()).length} assert(s)`
                : "",
            ].filter(Boolean).join(" · ")}
          </span>
        </span>
        <span class={`step-state ${state}`} data-testid="step-state">
          {result
            ? (result.skipped
              ? "skipped"
              : `${result.passed ? "✓" : "✗"} ${result.status || ""} · ${result.duration_ms} ms`)
            : ""}
        </span>
      </button>
      <div class="step-actions">
        <button
          type="button"
          class="icon"
          aria-label={`Move step ${index + 1} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          class="icon"
          aria-label={`Move step ${index + 1} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
        <button
          type="button"
          class="icon danger"
          aria-label={`Remove step ${index + 1}`}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
    </div>
  );
}

export function FlowPage(
  { file, env, environments, onEnv, endpoints }: {
    file: string;
    env: string;
    environments: string[];
    onEnv: (env: string) => void;
    endpoints: EndpointEntry[];
  },
) {
  const [data, setData] = useState<FlowResponse>();
  const [error, setError] = useState<string>();
  const [steps, setSteps] = useState<FlowStepDraft[]>([]);
  const [switches, setSwitches] = useState({ parallel: false, continueOnError: false });
  const [selected, setSelected] = useState(0);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [results, setResults] = useState<StepRecord[]>([]);
  const [final, setFinal] = useState<FlowResult>();
  const [running, setRunning] = useState(false);
  const [showSource, setShowSource] = useState(false);
  const [adding, setAdding] = useState("");

  const load = useCallback(async () => {
    try {
      const next = await api.flow(file);
      setData(next);
      setError(undefined);
      setSteps(next.flow ? next.flow.steps.map(stepDraftOf) : []);
      setSwitches({
        parallel: next.flow?.parallel ?? false,
        continueOnError: next.flow?.continueOnError ?? false,
      });
      setIssues(next.issues);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [file]);

  useEffect(() => {
    setResults([]);
    setFinal(undefined);
    setSelected(0);
    load();
  }, [file]);

  const text = useMemo(() => {
    if (!data) return "";
    let out = replaceFlowSteps(data.text, cleanSteps(steps));
    if (switches.parallel !== (data.flow?.parallel ?? false)) {
      out = setFlowSwitch(out, "parallel", switches.parallel);
    }
    if (switches.continueOnError !== (data.flow?.continueOnError ?? false)) {
      out = setFlowSwitch(out, "continue-on-error", switches.continueOnError);
    }
    return out;
  }, [data, steps, switches]);
  const dirty = data !== undefined && data.flow !== null &&
    text !== replaceFlowSteps(data.text, data.flow.steps.map(stepDraftOf));
  const dirtyRef = useRef(false);
  dirtyRef.current = dirty;

  useEffect(() =>
    subscribe((event) => {
      if (event.type === "change" && event.paths.includes(file) && !dirtyRef.current) load();
    }), [file, load]);

  useEffect(() => {
    setLeaveGuard(dirty ? () => confirm("Discard unsaved changes to this flow?") : undefined);
    return () => setLeaveGuard(undefined);
  }, [dirty]);

  const save = useCallback(async () => {
    try {
      const result = await api.saveFlow(file, text);
      toast(`Saved ${result.file}`, "ok");
      await load();
    } catch (e) {
      if (e instanceof ApiFailure) {
        setIssues(e.issues);
        toast(`${e.message}. ${e.fix}`, "error");
      } else toast(String(e), "error");
    }
  }, [file, text]);

  const run = useCallback(async () => {
    if (running) return;
    if (dirtyRef.current) {
      toast("Save the flow first: runs use the file on disk", "info");
      return;
    }
    setRunning(true);
    setResults([]);
    setFinal(undefined);
    try {
      const result = await runFlow(file, env, {}, (step) => setResults((list) => [...list, step]));
      setResults(result.steps);
      setFinal(result);
    } catch (e) {
      toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
    } finally {
      setRunning(false);
    }
  }, [file, env, running]);

  useModShortcuts({ s: save, Enter: run }, [save, run]);

  if (error || !data) return <PagePlaceholder error={error} />;

  const infoFor = (step: FlowStepDraft, index: number) =>
    data.steps[index]?.endpoint === step.endpoint
      ? data.steps[index]
      : endpoints.find((e) => e.file === step.endpoint);
  const uses = steps.map((s, i) => {
    const info = infoFor(s, i);
    return info && "uses" in info ? info.uses : undefined;
  });
  const resultFor = (step: FlowStepDraft) =>
    results.find((r) => r.name === step.name && r.endpoint === step.endpoint);
  const move = (index: number, delta: number) => {
    const next = [...steps];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    setSteps(next);
    setSelected(index + delta);
  };
  const dangling = danglingInjects(steps);
  const current = steps[selected];
  const capturedBefore = [
    ...new Set(
      steps.slice(0, selected).flatMap((s) => s.captures.map((c) => c.variable)).filter(Boolean),
    ),
  ];

  return (
    <div class="page flow-page">
      <header class="page-head">
        <div class="title-line">
          <span class="flow-icon" aria-hidden="true">⇢</span>
          <h2 data-testid="flow-title">{data.flow?.title ?? file}</h2>
        </div>
        <div class="subtitle">
          <span class="muted file">{file}</span>
          {data.flow?.description && <span>{data.flow.description}</span>}
        </div>
      </header>
      <div class="toolbar">
        <EnvSelect env={env} environments={environments} onChange={onEnv} id="flow-env" />
        <button
          type="button"
          class="primary"
          onClick={run}
          disabled={running}
          data-testid="run-flow"
        >
          {running ? "Running…" : "Run flow"} <Kbd>{MOD}+Enter</Kbd>
        </button>
        <button type="button" onClick={save} disabled={!dirty} data-testid="save-flow">
          Save{dirty ? " •" : ""} <Kbd>{MOD}+S</Kbd>
        </button>
        <label class="check">
          <input
            type="checkbox"
            checked={switches.parallel}
            onChange={(e) =>
              setSwitches({ ...switches, parallel: (e.target as HTMLInputElement).checked })}
          />
          parallel
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={switches.continueOnError}
            onChange={(e) =>
              setSwitches({ ...switches, continueOnError: (e.target as HTMLInputElement).checked })}
          />
          continue on error
        </label>
        <button
          type="button"
          class="ghost"
          onClick={() => setShowSource(!showSource)}
          aria-pressed={showSource}
        >
          {showSource ? "Hide markdown" : "Show markdown"}
        </button>
      </div>
      {final && (
        <div class={`verdict ${final.passed ? "pass" : "fail"}`} data-testid="flow-verdict">
          <span class="verdict-label">{final.passed ? "PASS" : "FAIL"}</span>
          <span>
            {final.steps.filter((s) => s.passed).length}/{final.steps.length} steps passed
          </span>
          {Object.keys(final.captures).length > 0 && (
            <span class="muted">
              captures: {Object.entries(final.captures).map(([k, v]) => `${k}=${v}`).join(", ")}
            </span>
          )}
        </div>
      )}
      <IssueList issues={[...issues, ...(final?.issues ?? [])]} />
      {dangling.length > 0 && (
        <p class="warning-box">
          {dangling.map((d) =>
            `Step ${d.step + 1} injects "${d.variable}", which no earlier step captures`
          ).join("; ")}
        </p>
      )}
      <div class="canvas-wrap">
        <div class="canvas" data-testid="flow-canvas">
          <div class="cards">
            {steps.map((step, index) => (
              <StepCard
                key={`${index}:${step.endpoint}`}
                step={step}
                index={index}
                count={steps.length}
                info={infoFor(step, index)}
                result={resultFor(step)}
                selected={index === selected}
                onSelect={() => setSelected(index)}
                onMove={(delta) => move(index, delta)}
                onRemove={() => {
                  setSteps(steps.filter((_, j) => j !== index));
                  setSelected(Math.max(0, Math.min(selected, steps.length - 2)));
                }}
              />
            ))}
            <form
              class="add-step"
              style={{ width: `${CARD_WIDTH}px` }}
              onSubmit={(e) => {
                e.preventDefault();
                const entry = endpoints.find((x) => x.file === adding);
                if (!entry) return;
                setSteps([...steps, {
                  name: entry.title,
                  endpoint: entry.file,
                  captures: [],
                  injects: [],
                  asserts: [],
                }]);
                setSelected(steps.length);
                setAdding("");
              }}
            >
              <select
                aria-label="Endpoint for a new step"
                value={adding}
                onChange={(e) => setAdding((e.target as HTMLSelectElement).value)}
              >
                <option value="">Add a step…</option>
                {endpoints.map((e) => (
                  <option key={e.file} value={e.file}>{e.method} {e.path} · {e.title}</option>
                ))}
              </select>
              <button type="submit" disabled={!adding}>Add step</button>
            </form>
          </div>
          <Links steps={steps} uses={uses} />
        </div>
        {current && (
          <StepPanel
            step={current}
            index={selected}
            endpoints={endpoints}
            captured={capturedBefore}
            result={resultFor(current)}
            onChange={(step) => setSteps(steps.map((s, j) => (j === selected ? step : s)))}
          />
        )}
      </div>
      {current && infoFor(current, selected) && (
        <p class="muted">
          Open the endpoint:{" "}
          <a
            href={hrefFor({ name: "spec", file: current.endpoint })}
            onClick={(e) => linkClick(e, hrefFor({ name: "spec", file: current.endpoint }))}
          >
            {current.endpoint}
          </a>
        </p>
      )}
      {showSource && <CodeBlock label="Flow markdown" text={text} />}
    </div>
  );
}
