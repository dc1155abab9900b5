/** @jsxImportSource preact */
/// <reference lib="dom" />
/** The capture → use links drawn beside the flow canvas's cards. */
import type { FlowStepDraft } from "../../../src/engine/render/flow_md.ts";
import { CARD_GAP, CARD_HEIGHT } from "./flow_card.tsx";
import { flowLinks } from "./flow_links.ts";

export function Links(
  { steps, uses, produces }: {
    steps: FlowStepDraft[];
    uses: (string[] | undefined)[];
    /** Captures a step leaves behind beyond its own lines: a sub-flow's. */
    produces: (string[] | undefined)[];
  },
) {
  const links = flowLinks(steps, uses, produces);
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
