import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDollars } from '@sweetwish/shared/money';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';

/**
 * On a received item of a group gift (decision 033): the item is one fan's share; this shows the whole
 * group gift, how many fans funded it, and its gross, fees and net. Shown only for a share of one
 * (`isGroupGift`): any other wish would answer 404, an error in the browser's console.
 */
export function GroupGiftTotals({ wishId }: { wishId: string }) {
  const progress = useQuery({
    queryKey: ['group-gift', wishId],
    queryFn: () => ok(api.GET('/api/wishes/{id}/group-gift', { params: { path: { id: wishId } } })),
    retry: false,
  });
  const earnings = progress.data?.earnings;
  if (!progress.data || !earnings) return null;
  const count = progress.data.contributorCount;
  return (
    <Box component="section" aria-label="Group gift" sx={{ p: 2, borderRadius: 2, border: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 700, mb: 1 }}>
        {`Group gift, fully funded by ${count === 1 ? '1 fan' : `${count} fans`}`}
      </Typography>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography color="text.secondary">Gross</Typography>
        <Typography sx={{ fontWeight: 600 }}>{formatDollars(earnings.grossCents)}</Typography>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography color="text.secondary">Fees</Typography>
        <Typography sx={{ fontWeight: 600 }}>{`−${formatDollars(earnings.feesCents)}`}</Typography>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography>Net</Typography>
        <Typography sx={{ fontWeight: 800 }}>{formatDollars(earnings.netCents)}</Typography>
      </Stack>
    </Box>
  );
}
