/** Durations and sizes as a person types them on the command line. */

const UNITS: ReadonlyArray<[string, number]> = [
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
  ['ms', 1],
];

/** `30m`, `90s`, `1h30m`, `1500ms`: a duration in milliseconds, or undefined when the text is none. */
export function parseDuration(text: string): number | undefined {
  const parts = text.trim().match(/(\d+)(ms|h|m|s)/g);
  if (parts === null || parts.join('') !== text.trim()) return undefined;
  let total = 0;
  for (const part of parts) {
    const [, amount, unit] = /^(\d+)(ms|h|m|s)$/.exec(part) ?? [];
    total += Number(amount) * (UNITS.find(([name]) => name === unit)?.[1] ?? 0);
  }
  return total > 0 ? total : undefined;
}

/** 1800000 → `30m`, 90000 → `1m30s`. */
export function formatDuration(ms: number): string {
  let rest = ms;
  let text = '';
  for (const [unit, size] of UNITS) {
    const amount = Math.floor(rest / size);
    if (amount > 0) {
      text += `${amount}${unit}`;
      rest -= amount * size;
    }
  }
  return text === '' ? '0s' : text;
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
};

/** `8MiB`, `512KiB`, `1048576`: a size in bytes, or undefined when the text is none. */
export function parseSize(text: string): number | undefined {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
  const unit = SIZE_UNITS[(match?.[2] ?? '').toLowerCase()];
  if (match === null || unit === undefined) return undefined;
  const bytes = Number(match[1]) * unit;
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}
