import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ANONYMOUS_NAME } from '@sweetwish/shared/conversation-rules';
import type { Fan } from '@sweetwish/shared/fans';
import { formatDollars } from '@sweetwish/shared/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { LoadMore } from '../../../components/load-more';
import { RequireSignIn } from '../../../components/require-sign-in';
import { UserAvatar } from '../../../components/user-avatar';
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
              <FanRow key={fan.fan?.id ?? `anonymous-${index}`} fan={fan} />
            ))}
          </List>
          <LoadMore list={fans} label="Loading more fans" />
        </>
      )}
    </Box>
  );
}

function FanRow({ fan }: { fan: Fan }) {
  const person = fan.fan;
  const name = person?.displayName ?? ANONYMOUS_NAME;
  const content: ReactNode = (
    <>
      <ListItemAvatar>
        <UserAvatar photoUrl={person?.photoUrl} name={name} size={44} />
      </ListItemAvatar>
      <ListItemText
        primary={name}
        secondary={`Fan since ${formatMonthDayYear(fan.since)}`}
        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
      />
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{formatDollars(fan.totalGivenCents)}</Typography>
        <Typography variant="caption" color="text.secondary">
          given
        </Typography>
      </Box>
    </>
  );
  if (!person) return <ListItem sx={{ borderRadius: 2, gap: 1 }}>{content}</ListItem>;
  return (
    <ListItemButton component={Link} to={`/${encodeURIComponent(person.handle)}`} sx={{ borderRadius: 2, gap: 1 }}>
      {content}
    </ListItemButton>
  );
}
