import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  INSIGHT_BUCKETS,
  INSIGHT_RANGES,
  type InsightBucket,
  type InsightRange,
  RANGE_LABELS,
} from '@sweetwish/shared/insights';
import { useSearchParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { RequireSignIn } from '../../../components/require-sign-in';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { insightsOptions, useInsights } from '../api/insight-calls';
import { DailyChart } from '../components/daily-chart';
import { EarningsChart } from '../components/earnings-chart';
import { dayLabel, dollars, percentLabel } from '../components/labels';
import { SupportersPanel, WishesPanel } from '../components/panels';

const BUCKET_LABELS: Record<InsightBucket, string> = { day: 'Days', week: 'Weeks', month: 'Months' };

function rangeOf(params: URLSearchParams): InsightRange {
  const range = params.get('range');
  return INSIGHT_RANGES.find((r) => r === range) ?? '30d';
}

function bucketOf(params: URLSearchParams): InsightBucket | undefined {
  const by = params.get('by');
  return INSIGHT_BUCKETS.find((b) => b === by);
}

export function insightsLoader({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  return loadSignedInQueries(insightsOptions(rangeOf(params), bucketOf(params)));
}

/**
 * A creator's insights (/insights; product.md section 2, Insights): earnings by kind over a range of their
 * own days, what clears when, supporters, visits and what converts. Its charts load with this screen only.
 */
export function InsightsPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn requireCompleteProfile>
        <InsightsContent />
      </RequireSignIn>
    </>
  );
}

function InsightsContent() {
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  const by = bucketOf(params);
  const insights = useInsights(range, by);
  const choose = (next: { range?: InsightRange; by?: InsightBucket }) =>
    setParams({ range: next.range ?? range, ...((next.by ?? by) && { by: next.by ?? by }) }, { replace: true });
  const data = insights.data;
  return (
    <Box component="main" sx={{ maxWidth: 900, mx: 'auto', px: 2, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
        Insights
      </Typography>
      <Stack direction="row" sx={{ my: 2, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range}
          aria-label="Range"
          onChange={(_, value: InsightRange | null) => value && choose({ range: value })}
        >
          {INSIGHT_RANGES.map((r) => (
            <ToggleButton key={r} value={r}>
              {RANGE_LABELS[r]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="By"
          value={data?.by ?? by ?? ''}
          onChange={(e) => choose({ by: e.target.value as InsightBucket })}
          sx={{ minWidth: 120 }}
        >
          {INSIGHT_BUCKETS.map((b) => (
            <MenuItem key={b} value={b}>
              {BUCKET_LABELS[b]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {insights.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading insights" />
        </Box>
      ) : !data ? (
        <Typography color="error">Something went wrong.</Typography>
      ) : (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            <Figure label="Gross" value={dollars(data.earnings.totals.grossCents)} />
            <Figure label="Fees" value={dollars(data.earnings.totals.feesCents)} />
            <Figure label="Net" value={dollars(data.earnings.totals.netCents)} />
            <Figure label="Vs previous period" value={percentLabel(data.earnings.changePercent)} />
          </Box>
          <EarningsChart insights={data} />
          <DailyChart
            title="Clearing soon"
            summary={`${dollars(data.pending.reduce((sum, p) => sum + p.cents, 0))} pending, by the day it becomes available.`}
            rows={data.pending.map((p) => ({ label: dayLabel(p.day), amount: p.cents / 100 }))}
            series={[{ key: 'amount', label: 'Clears' }]}
            format={(value) => dollars(Math.round(value * 100))}
          />
          <DailyChart
            title="Visits"
            summary={`${data.visits.totals.profile} visits to your page, ${data.visits.totals.wish} to your wishes, ${data.visits.totals.share} shared links opened.`}
            rows={data.visits.days.map((d) => ({ ...d, label: dayLabel(d.day) }))}
            series={[
              { key: 'profile', label: 'Your page' },
              { key: 'wish', label: 'Wishes' },
              { key: 'share', label: 'Shared links' },
            ]}
          />
          <SupportersPanel insights={data} />
          <WishesPanel insights={data} />
        </Stack>
      )}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 3, border: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 800, fontSize: 22 }}>{value}</Typography>
    </Box>
  );
}
