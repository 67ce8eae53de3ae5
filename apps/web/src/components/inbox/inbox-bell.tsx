import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, ok } from '../../lib/api-client';
import { INBOX_UNREAD_QUERY_KEY } from './inbox-queries';

/** How many inbox events are unread (GET /api/inbox/unread); the bell is only drawn for someone signed in. */
function useInboxUnread() {
  return useQuery({ queryKey: INBOX_UNREAD_QUERY_KEY, queryFn: () => ok(api.GET('/api/inbox/unread')) });
}

/**
 * The top bar's bell (product.md section 2, Inbox): leads to /inbox, with the number of unread events,
 * kept live by the live events stream. Signed-in users only: the top bar loads it lazily for them.
 */
export function InboxBell() {
  const unread = useInboxUnread().data?.unreadCount ?? 0;
  return (
    <IconButton
      component={Link}
      to="/inbox"
      aria-label={unread > 0 ? `Inbox, ${unread} unread` : 'Inbox'}
      sx={{ color: 'text.primary' }}
    >
      <Badge badgeContent={unread} max={99} color="primary">
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
