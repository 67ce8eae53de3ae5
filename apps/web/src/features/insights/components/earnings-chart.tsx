import { BarChart } from '@mui/x-charts/BarChart';
import { EARNING_KIND_LABELS, EARNING_KINDS, type Insights } from '@sweetwish/shared/insights';
import { ChartFigure } from './chart-figure';
import { bucketLabel, dollars } from './labels';

/** What the creator earned per day, week or month, stacked by kind, with its table of gross, fees and net. */
export function EarningsChart({ insights }: { insights: Insights }) {
  const { buckets, totals } = insights.earnings;
  const dataset = buckets.map((bucket) => ({
    label: bucketLabel(bucket.start, insights.by),
    ...Object.fromEntries(EARNING_KINDS.map((kind) => [kind, bucket.kinds[kind].grossCents / 100])),
  }));
  const rows = buckets.map((bucket) => {
    const gross = EARNING_KINDS.reduce((sum, kind) => sum + bucket.kinds[kind].grossCents, 0);
    const net = EARNING_KINDS.reduce((sum, kind) => sum + bucket.kinds[kind].netCents, 0);
    return [
      bucketLabel(bucket.start, insights.by),
      ...EARNING_KINDS.map((kind) => dollars(bucket.kinds[kind].grossCents)),
      dollars(gross),
      dollars(gross - net),
      dollars(net),
    ];
  });
  return (
    <ChartFigure
      title="Earnings"
      summary={`Earned ${dollars(totals.grossCents)} gross, ${dollars(totals.feesCents)} in fees, ${dollars(totals.netCents)} net, from ${totals.count} gifts and shares.`}
      table={{ columns: ['Period', ...EARNING_KINDS.map((k) => EARNING_KIND_LABELS[k]), 'Gross', 'Fees', 'Net'], rows }}
    >
      <BarChart
        height={280}
        dataset={dataset}
        xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
        yAxis={[{ width: 48, valueFormatter: (value: number) => `$${value}` }]}
        series={EARNING_KINDS.map((kind) => ({
          dataKey: kind,
          label: EARNING_KIND_LABELS[kind],
          stack: 'gross',
          valueFormatter: (value: number | null) => dollars(Math.round((value ?? 0) * 100)),
        }))}
        margin={{ left: 0, right: 8 }}
      />
    </ChartFigure>
  );
}
