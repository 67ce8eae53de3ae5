import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ANONYMOUS_NAME } from '@sweetwish/shared/conversation-rules';
import { formatDollars } from '@sweetwish/shared/money';
import type { Person } from '@sweetwish/shared/wallet';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from './user-avatar';

/**
 * A row of a list of people with an amount (a creator's fans, an affiliate's invited creators): their photo
 * and name ("Anonymous" without a public profile), a line about them, and the amount with what it is.
 * Someone with a public profile links to their page.
 */
export function PersonAmountRow({
  person,
  detail,
  cents,
  amountLabel,
}: {
  person: Person | null;
  detail: string;
  cents: number;
  amountLabel: string;
}) {
  const name = person?.displayName ?? ANONYMOUS_NAME;
  const content: ReactNode = (
    <>
      <ListItemAvatar>
        <UserAvatar photoUrl={person?.photoUrl} name={name} size={44} />
      </ListItemAvatar>
      <ListItemText
        primary={name}
        secondary={detail}
        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
      />
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{formatDollars(cents)}</Typography>
        <Typography variant="caption" color="text.secondary">
          {amountLabel}
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
