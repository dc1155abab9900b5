/**
 * Sizes in bytes as people write them: `--max-state=64MiB`, and back
 * (`5.2 MB` in a note about a cut body). Binary units (KiB, MiB, GiB) are
 * powers of 1024; `K`, `M`, `G` alone are read the same way, as most tools
 * that take a memory size do; `KB`, `MB`, `GB` are powers of 1000.
 */
const UNITS: Record<string, number> = {
  "": 1,
  b: 1,
  k: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
};

/**
 * The size a text names, in whole bytes; undefined when it names none.
 *
 * @example
 * ```ts
 * import { parseByteSize } from "./bytes.ts";
 * parseByteSize("256MiB"); // 268435456
 * parseByteSize("1.5 GB"); // 1500000000
 * parseByteSize("lots"); // undefined
 * ```
 */
export function parseByteSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = UNITS[match[2].toLowerCase()];
  if (unit === undefined) return undefined;
  const bytes = Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/**
 * A byte count for people: `512 B`, `64 KiB`, `5.2 MiB`.
 *
 * @example
 * ```ts
 * import { formatBytes } from "./bytes.ts";
 * formatBytes(268435456); // "256 MiB"
 * formatBytes(5_452_595); // "5.2 MiB"
 * ```
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value >= 100 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}
