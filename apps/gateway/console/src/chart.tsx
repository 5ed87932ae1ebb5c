import type { JSX } from 'preact';
import type { AnalyticsDay } from './api';
import { Table } from './ui';

const WIDTH = 640;
const HEIGHT = 220;
/** Room for the value axis on the left and the dates below. */
const LEFT = 36;
const BOTTOM = 24;
const TOP = 8;

/** `2026-03-07` as `7 Mar` (UTC, as the days are counted). */
function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/**
 * Page views per day over the period as an inline SVG bar chart (no chart library), with unique visitors as a line.
 * A picture for sighted people only: screen readers get a one-sentence summary as its name and the same numbers
 * as a table (visually hidden), which also holds every day's visitors and sessions.
 */
export function DailyChart(props: { period: string; days: AnalyticsDay[] }): JSX.Element {
  const { days } = props;
  const top = Math.max(1, ...days.map((day) => day.page_views));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = plotWidth / Math.max(1, days.length);
  const bar = Math.max(1, step * 0.7);
  const y = (value: number) => TOP + plotHeight - (plotHeight * value) / top;
  const total = days.reduce((sum, day) => sum + day.page_views, 0);
  const busiest = days.reduce<AnalyticsDay | undefined>((best, day) => (day.page_views > (best?.page_views ?? 0) ? day : best), undefined);
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    first && last
      ? `Page views per day from ${shortDate(first.date)} to ${shortDate(last.date)}: ${total} in all` +
        (busiest ? `, most on ${shortDate(busiest.date)} (${busiest.page_views}).` : ', none yet.')
      : 'No days to show.';
  const line = days.map((day, i) => `${(LEFT + step * i + step / 2).toFixed(1)},${y(day.unique_visitors).toFixed(1)}`).join(' ');
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} width="100%">
        <line x1={LEFT} x2={WIDTH} y1={TOP + plotHeight} y2={TOP + plotHeight} stroke="currentColor" stroke-opacity="0.4" />
        <text x={LEFT - 6} y={TOP + 10} font-size="12" text-anchor="end" fill="currentColor">
          {top}
        </text>
        <text x={LEFT - 6} y={TOP + plotHeight} font-size="12" text-anchor="end" fill="currentColor">
          0
        </text>
        {days.map((day, i) => (
          <rect key={day.date} class="bar" x={LEFT + step * i + (step - bar) / 2} y={y(day.page_views)} width={bar} height={TOP + plotHeight - y(day.page_views)}>
            <title>{`${shortDate(day.date)}: ${day.page_views} page views, ${day.unique_visitors} visitors`}</title>
          </rect>
        ))}
        {days.length > 1 && <polyline class="visitors" points={line} fill="none" stroke-width="2" />}
        {first && (
          <text x={LEFT} y={HEIGHT - 6} font-size="12" fill="currentColor">
            {shortDate(first.date)}
          </text>
        )}
        {last && (
          <text x={WIDTH} y={HEIGHT - 6} font-size="12" text-anchor="end" fill="currentColor">
            {shortDate(last.date)}
          </text>
        )}
      </svg>
      <figcaption>
        <span class="key bar-key" aria-hidden="true" /> page views <span class="key line-key" aria-hidden="true" /> unique visitors, per day (UTC)
      </figcaption>
      <Table
        caption={`Traffic per day, last ${props.period}`}
        screenReaderOnly
        rows={days}
        rowKey={(day) => day.date}
        columns={[
          { heading: 'Day', rowHeader: true, cell: (day) => day.date },
          { heading: 'Page views', cell: (day) => day.page_views },
          { heading: 'Unique visitors', cell: (day) => day.unique_visitors },
          { heading: 'Sessions', cell: (day) => day.sessions },
        ]}
      />
    </figure>
  );
}
