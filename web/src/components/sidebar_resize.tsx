/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The sidebar's width, changed by dragging its edge or, focused, with the
 * arrow keys (Home and End for the narrowest and widest, a double click or
 * Enter for the default). Kept per browser; CSS reads `--sidebar-width`.
 */
import { useState } from "preact/hooks";

const KEY = "apispec.sidebarWidth";
const MIN = 200;
const STEP = 16;
const max = () => Math.max(MIN, Math.min(640, Math.round(innerWidth * 0.6)));
const clamp = (width: number) => Math.round(Math.max(MIN, Math.min(max(), width)));

export function storedSidebarWidth(): number | undefined {
  const value = Number(localStorage.getItem(KEY));
  return Number.isFinite(value) && value >= MIN ? clamp(value) : undefined;
}

export function SidebarResize(
  { width, onWidth }: { width?: number; onWidth: (width: number | undefined) => void },
) {
  const [dragging, setDragging] = useState(false);
  const set = (next: number | undefined) => {
    const value = next === undefined ? undefined : clamp(next);
    if (value === undefined) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, String(value));
    onWidth(value);
  };
  const current = () =>
    width ?? (document.getElementById("sidebar")?.getBoundingClientRect().width ?? 300);
  return (
    <div
      class={`sidebar-resize${dragging ? " dragging" : ""}`}
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the sidebar"
      aria-controls="sidebar"
      aria-valuemin={MIN}
      aria-valuemax={max()}
      aria-valuenow={Math.round(current())}
      tabIndex={0}
      data-testid="sidebar-resize"
      onKeyDown={(event) => {
        const moves: Record<string, () => number | undefined> = {
          ArrowLeft: () => current() - STEP,
          ArrowRight: () => current() + STEP,
          Home: () => MIN,
          End: () => max(),
          Enter: () => undefined,
        };
        const move = moves[event.key];
        if (!move) return;
        event.preventDefault();
        set(move());
      }}
      onDblClick={() => set(undefined)}
      onPointerDown={(event) => {
        event.preventDefault();
        const handle = event.currentTarget as HTMLElement;
        handle.setPointerCapture(event.pointerId);
        setDragging(true);
        const move = (e: PointerEvent) => set(e.clientX);
        const up = () => {
          setDragging(false);
          handle.removeEventListener("pointermove", move);
          handle.removeEventListener("pointerup", up);
        };
        handle.addEventListener("pointermove", move);
        handle.addEventListener("pointerup", up);
      }}
    />
  );
}
