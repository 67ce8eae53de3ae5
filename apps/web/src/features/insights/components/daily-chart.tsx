import { BarChart } from '@mui/x-charts/BarChart';
import { ChartFigure } from './chart-figure';

export type DailySeries = { key: string; label: string };

/** A bar chart of counts or amounts per day, stacked by series, with its table. */
export function DailyChart(props: {
  title: string;
  summary: string;
  rows: Record<string, string | number>[];
  series: DailySeries[];
  format?: (value: number) => string;
}) {
  const format = props.format ?? ((value: number) => String(value));
  return (
    <ChartFigure
      title={props.title}
      summary={props.summary}
      table={{
        columns: ['Day', ...props.series.map((s) => s.label)],
        rows: props.rows.map((row) => [String(row.label), ...props.series.map((s) => format(Number(row[s.key])))]),
      }}
    >
      <BarChart
        height={220}
        dataset={props.rows}
        xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
        yAxis={[{ width: 48 }]}
        series={props.series.map((s) => ({
          dataKey: s.key,
          label: s.label,
          stack: 'all',
          valueFormatter: (value: number | null) => format(value ?? 0),
        }))}
        hideLegend={props.series.length < 2}
        margin={{ left: 0, right: 8 }}
      />
    </ChartFigure>
  );
}
