import type { JSX } from 'preact';

const LABELS = { page_views: 'Page views', unique_visitors: 'Unique visitors', sessions: 'Sessions' } as const;
type Metric = keyof typeof LABELS;

/** The period's metrics as a bar chart in inline SVG (no chart library), with the same numbers as text for screen readers. */
export function AnalyticsChart(props: { period: string; metrics: Record<Metric, number> }): JSX.Element {
  const entries = (Object.keys(LABELS) as Metric[]).map((metric) => [LABELS[metric], props.metrics[metric]] as const);
  const top = Math.max(1, ...entries.map(([, value]) => value));
  const width = 320;
  const bar = 28;
  const gap = 14;
  const labelWidth = 120;
  const height = entries.length * (bar + gap);
  const summary = entries.map(([label, value]) => `${label}: ${value}`).join(', ');
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Over ${props.period}: ${summary}`} width="100%">
        {entries.map(([label, value], i) => {
          const y = i * (bar + gap);
          const length = Math.round(((width - labelWidth - 50) * value) / top);
          return (
            <g key={label}>
              <text x={0} y={y + bar * 0.68} font-size="13" fill="currentColor">
                {label}
              </text>
              <rect x={labelWidth} y={y} width={Math.max(length, 1)} height={bar} rx={4} fill="#0b57d0" />
              <text x={labelWidth + length + 6} y={y + bar * 0.68} font-size="13" fill="currentColor">
                {value}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        Over {props.period}: {summary}
      </figcaption>
    </figure>
  );
}
