import UserPlusIcon from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { AffiliateMonth } from '@sweetwish/shared/affiliate';
import { FEE_RATES, formatRate } from '@sweetwish/shared/fees';
import { formatDollars } from '@sweetwish/shared/money';
import { AppTopBar } from '../../../components/app-top-bar';
import { LoadMore } from '../../../components/load-more';
import { PersonAmountRow } from '../../../components/person-amount-row';
import { RequireSignIn } from '../../../components/require-sign-in';
import { formatMonthDayYear } from '../../../lib/dates';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { useMe } from '../../../lib/session';
import { shareUserLink } from '../../../lib/share';
import {
  affiliateEarningsOptions,
  invitedCreatorsOptions,
  useAffiliateEarnings,
  useInvitedCreators,
} from '../api/affiliate-calls';

export function affiliateLoader() {
  return loadSignedInQueries(affiliateEarningsOptions, invitedCreatorsOptions);
}

const MONTH_NAMES = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-12" as "December 2026" (the server's months are UTC months). */
function monthName(month: string): string {
  return MONTH_NAMES.format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * The affiliate page (/affiliate; product.md section 2, Affiliate; decision 131): the share of invited
 * creators' gifts and tips the user earned, by month and in all, and the creators they invited with what
 * each brought them; with the invite link to share.
 */
export function AffiliatePage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <AffiliateContent />
      </RequireSignIn>
    </>
  );
}

function AffiliateContent() {
  const { me } = useMe();
  return (
    <Box component="main" sx={{ maxWidth: 600, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
        Affiliate
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {`Creators who join with your invite link earn you ${formatRate(FEE_RATES.affiliateBps)} of every gift and tip they receive.`}
      </Typography>
      {me?.handle && (
        <Button
          variant="outlined"
          startIcon={<UserPlusIcon />}
          onClick={() => void shareUserLink('invite', me.handle)}
          sx={{ borderRadius: 999, mb: 3 }}
        >
          Share Invite Link
        </Button>
      )}
      <Earnings />
      <InvitedCreators />
    </Box>
  );
}

function Earnings() {
  const earnings = useAffiliateEarnings();
  return (
    <Box component="section" aria-labelledby="affiliate-earnings-title" sx={{ mb: 4 }}>
      <Typography id="affiliate-earnings-title" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        Earnings
      </Typography>
      {earnings.isPending ? (
        <CircularProgress aria-label="Loading earnings" sx={{ m: 2 }} />
      ) : earnings.isError ? (
        <Typography color="error">Something went wrong.</Typography>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {formatDollars(earnings.data.totalCents)} earned in all
          </Typography>
          {earnings.data.months.length === 0 ? (
            <Typography color="text.secondary">No earnings in the last 12 months.</Typography>
          ) : (
            <List aria-label="Earnings by month" dense>
              {earnings.data.months.map((month) => (
                <MonthRow key={month.month} month={month} />
              ))}
            </List>
          )}
        </>
      )}
    </Box>
  );
}

function MonthRow({ month }: { month: AffiliateMonth }) {
  const gifts = month.giftCount === 1 ? '1 gift or tip' : `${month.giftCount} gifts and tips`;
  return (
    <ListItem disableGutters sx={{ gap: 1 }}>
      <ListItemText primary={monthName(month.month)} secondary={gifts} />
      <Typography sx={{ fontWeight: 700 }}>{formatDollars(month.earnedCents)}</Typography>
    </ListItem>
  );
}

function InvitedCreators() {
  const invited = useInvitedCreators();
  const rows = itemsOf(invited.data);
  return (
    <Box component="section" aria-labelledby="affiliate-invited-title">
      <Typography id="affiliate-invited-title" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        Invited Creators
      </Typography>
      {invited.isPending ? (
        <CircularProgress aria-label="Loading invited creators" sx={{ m: 2 }} />
      ) : hasListFailed(invited) ? (
        <Typography color="error">Something went wrong.</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Nobody has joined with your invite link yet.
        </Typography>
      ) : (
        <>
          <List aria-label="Invited creators">
            {rows.map((row, index) => (
              <PersonAmountRow
                key={row.creator?.id ?? `anonymous-${index}`}
                person={row.creator}
                detail={`Joined ${formatMonthDayYear(row.joinedAt)}`}
                cents={row.earnedCents}
                amountLabel="earned"
              />
            ))}
          </List>
          <LoadMore list={invited} label="Loading more invited creators" />
        </>
      )}
    </Box>
  );
}
