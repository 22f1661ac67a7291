import { useId } from "react";

export interface ChartPoint {
  label: string;
  value: number;
}

const WIDTH = 640;
const HEIGHT = 180;
const LEFT = 44;
const BOTTOM = 24;
const TOP = 10;
/** Up to this many bars, each is labelled under it; past it, only the first and the last. */
const FEW = 8;

const grouped = (n: number) => n.toLocaleString("en-US");

/** A round top for the axis: 1, 2 or 5 times a power of ten, at or above the largest value. */
function axisTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max)!;
}

/**
 * A bar chart drawn on the server as SVG: readable without JavaScript, named
 * for screen readers by its title and a one-line summary (the table under it
 * holds every figure).
 */
export function BarChart({
  title,
  points,
  unit,
  format = grouped,
  summary: givenSummary,
}: {
  title: string;
  points: ChartPoint[];
  unit: string;
  /** How a value is written on the axis and in a bar's title (grouped digits unless told). */
  format?: (n: number) => string;
  /** The one-line summary under the title, when the default (a total and the peak) does not fit the figures. */
  summary?: string;
}) {
  const id = useId();
  const num = format;
  const max = Math.max(0, ...points.map((p) => p.value));
  const top = axisTop(max);
  const total = points.reduce((a, p) => a + p.value, 0);
  const plotWidth = WIDTH - LEFT - 4;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = plotWidth / Math.max(1, points.length);
  const bar = Math.max(1, step * 0.75);
  const peak = points.find((p) => p.value === max && max > 0);
  const summary =
    givenSummary ?? `${num(total)} ${unit} in all${peak ? `; the most, ${num(peak.value)}, on ${peak.label}` : ""}.`;
  return (
    <figure className="rounded-card bg-surface p-4 shadow-card">
      <figcaption id={`${id}-title`} className="font-semibold text-ink-950">
        {title}
      </figcaption>
      <p id={`${id}-summary`} className="text-sm text-ink-700">
        {summary}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
      >
        {(top >= 2 ? [0, 0.5, 1] : [0, 1]).map((f) => {
          const y = TOP + plotHeight * (1 - f);
          return (
            <g key={f}>
              <line x1={LEFT} x2={WIDTH - 4} y1={y} y2={y} stroke="currentColor" className="text-ink-100" />
              <text x={LEFT - 6} y={y + 4} textAnchor="end" fontSize="11" fill="currentColor" className="text-ink-700">
                {num(format === grouped ? Math.round(top * f) : top * f)}
              </text>
            </g>
          );
        })}
        {points.map((p, i) => {
          const h = (p.value / top) * plotHeight;
          return (
            <rect
              key={p.label}
              x={LEFT + i * step + (step - bar) / 2}
              y={TOP + plotHeight - h}
              width={bar}
              height={h}
              rx={Math.min(2, bar / 3)}
              fill="currentColor"
              className="text-copper-600"
            >
              <title>{`${p.label}: ${num(p.value)} ${unit}`}</title>
            </rect>
          );
        })}
        {points.length > 0 && points.length <= FEW ? (
          // A handful of bars (years) each carry their label under them.
          points.map((p, i) => (
            <text
              key={p.label}
              x={LEFT + i * step + step / 2}
              y={HEIGHT - 6}
              fontSize="11"
              textAnchor="middle"
              fill="currentColor"
              className="text-ink-700"
            >
              {p.label}
            </text>
          ))
        ) : points.length ? (
          <>
            <text x={LEFT} y={HEIGHT - 6} fontSize="11" fill="currentColor" className="text-ink-700">
              {points[0]!.label}
            </text>
            <text
              x={WIDTH - 4}
              y={HEIGHT - 6}
              fontSize="11"
              textAnchor="end"
              fill="currentColor"
              className="text-ink-700"
            >
              {points[points.length - 1]!.label}
            </text>
          </>
        ) : null}
      </svg>
    </figure>
  );
}

const ROW = 24;
const LABEL = 236;

/** The label as it fits beside its bar at 12 units a character's height (the table under the chart has it whole). */
const fitted = (label: string) => (label.length > 30 ? `${label.slice(0, 29)}…` : label);

/**
 * Horizontal bars for a ranking (apps, episodes, pages, sends), largest first,
 * drawn as SVG on the server like BarChart; the table under it has every row.
 */
export function RankChart({
  title,
  points,
  unit,
  most = 8,
  format = grouped,
}: {
  title: string;
  points: ChartPoint[];
  unit: string;
  most?: number;
  /** How a value is written beside its bar and in its title (grouped digits unless told). */
  format?: (n: number) => string;
}) {
  const id = useId();
  const num = format;
  const shown = points.slice(0, most);
  if (shown.length === 0) return null; // the table under it says there is nothing yet
  const max = Math.max(0, ...shown.map((p) => p.value));
  const top = axisTop(max);
  const height = shown.length * ROW + 8;
  const plot = WIDTH - LABEL - 60;
  const summary = `${shown
    .slice(0, 3)
    .map((p) => `${p.label} ${num(p.value)} ${unit}`)
    .join(", ")}${shown.length > 3 ? ", and more in the table below" : ""}.`;
  return (
    <figure className="rounded-card bg-surface p-4 shadow-card">
      <figcaption id={`${id}-title`} className="font-semibold text-ink-950">
        {title}
      </figcaption>
      <p id={`${id}-summary`} className="sr-only">
        {summary}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="mt-2 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
      >
        {shown.map((p, i) => {
          const y = 4 + i * ROW;
          const w = (p.value / top) * plot;
          return (
            <g key={`${p.label}-${i}`}>
              <text
                x={LABEL - 8}
                y={y + 15}
                textAnchor="end"
                fontSize="12"
                fill="currentColor"
                className="text-ink-900"
              >
                {fitted(p.label)}
              </text>
              <rect
                x={LABEL}
                y={y + 3}
                width={Math.max(w, 1)}
                height={ROW - 8}
                rx="2"
                fill="currentColor"
                className="text-copper-600"
              >
                <title>{`${p.label}: ${num(p.value)} ${unit}`}</title>
              </rect>
              <text x={LABEL + w + 6} y={y + 15} fontSize="12" fill="currentColor" className="text-ink-700">
                {num(p.value)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
