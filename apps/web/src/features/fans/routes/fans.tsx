import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { AppTopBar } from '../../../components/app-top-bar';
import { LoadMore } from '../../../components/load-more';
import { PersonAmountRow } from '../../../components/person-amount-row';
import { RequireSignIn } from '../../../components/require-sign-in';
import { formatMonthDayYear } from '../../../lib/dates';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { fansOptions, useFans } from '../api/fan-calls';

export function fansLoader() {
  return loadSignedInQueries(fansOptions);
}

/**
 * The creator's fan base (/fans; product.md section 1, issue 6 item 9): who joined it (their name, or "Anonymous"
 * for someone without a public profile), what they gave under their name, and since when. Newest first,
 * and live as fans join or leave.
 */
export function FansPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <FansContent />
      </RequireSignIn>
    </>
  );
}

function FansContent() {
  const fans = useFans();
  const rows = itemsOf(fans.data);
  return (
    <Box component="main" sx={{ maxWidth: 600, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
        Fans
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        People who sent you a gift or a tip and chose to join your fan base.
      </Typography>
      {fans.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading fans" />
        </Box>
      ) : hasListFailed(fans) ? (
        <Typography color="error">Something went wrong.</Typography>
      ) : rows.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, px: 2, borderRadius: 3, border: 1, borderColor: 'divider' }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            No Fans Yet
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            After someone sends you a gift or a tip, they can join your fan base. They will appear here.
          </Typography>
        </Box>
      ) : (
        <>
          <List aria-label="Fans">
            {rows.map((fan, index) => (
              // A fan without a public profile has no id to key by; the list's order is the server's.
              <PersonAmountRow
                key={fan.fan?.id ?? `anonymous-${index}`}
                person={fan.fan}
                detail={`Fan since ${formatMonthDayYear(fan.since)}`}
                cents={fan.totalGivenCents}
                amountLabel="given"
              />
            ))}
          </List>
          <LoadMore list={fans} label="Loading more fans" />
        </>
      )}
    </Box>
  );
}
