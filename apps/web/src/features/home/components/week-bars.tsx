import Box from '@mui/material/Box';
import { formatDollars } from '@sweetwish/shared/money';

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/**
 * This week's net earnings as seven small bars, drawn without the chart library (decision 120: it loads on
 * /insights only). The bars are hidden from screen readers, which read the list of days beside them.
 */
export function WeekBars({ days }: { days: { day: string; cents: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.cents));
  return (
    <Box>
      <Box aria-hidden sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.75, height: 56 }}>
        {days.map((d) => (
          <Box
            key={d.day}
            title={formatDollars(d.cents)}
            sx={{ flex: 1, bgcolor: 'primary.main', borderRadius: 1, height: `${Math.max(4, (d.cents / max) * 100)}%` }}
          />
        ))}
      </Box>
      <Box component="ul" aria-label="Earnings per day" sx={visuallyHidden}>
        {days.map((d) => (
          <li key={d.day}>{`${dayFormat.format(new Date(`${d.day}T00:00:00Z`))}: ${formatDollars(d.cents)}`}</li>
        ))}
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
