import SubscriptionIcon from '@mui/icons-material/AutorenewOutlined';
import GiftIcon from '@mui/icons-material/CardGiftcardOutlined';
import MessageIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ModerationIcon from '@mui/icons-material/GavelOutlined';
import GroupGiftIcon from '@mui/icons-material/Groups2Outlined';
import PayoutIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import WebhookIcon from '@mui/icons-material/WebhookOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { InboxEvent, InboxEventKind } from '@sweetwish/shared/inbox';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { LoadMore } from '../../../components/load-more';
import { RequireSignIn } from '../../../components/require-sign-in';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { formatMonthDayTime } from '../../../lib/dates';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { reportError } from '../../../lib/report-error';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { inboxOptions, useInbox, useMarkInboxRead } from '../api/inbox-calls';

export function inboxLoader() {
  return loadSignedInQueries(inboxOptions);
}

const ICONS: Record<InboxEventKind, ReactNode> = {
  gift: <GiftIcon />,
  message: <MessageIcon />,
  group_gift: <GroupGiftIcon />,
  subscription: <SubscriptionIcon />,
  payout: <PayoutIcon />,
  moderation: <ModerationIcon />,
  webhook: <WebhookIcon />,
  receipt: <ReceiptIcon />,
};

/**
 * The inbox (/inbox; product.md section 2, Inbox; decision 130): what happened to the user, newest first,
 * each with its time and a link to it. Events unread when they were shown are marked "New" and, being
 * seen, are marked read on the server; they keep the mark until the user leaves, so they can tell them apart.
 */
export function InboxPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <InboxContent />
      </RequireSignIn>
    </>
  );
}

function InboxContent() {
  const inbox = useInbox();
  const rows = itemsOf(inbox.data);
  const newIds = useMarkSeen(rows);
  return (
    <Box component="main" sx={{ maxWidth: 600, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2 }}>
        Inbox
      </Typography>
      {inbox.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading inbox" />
        </Box>
      ) : hasListFailed(inbox) ? (
        <Typography color="error">Something went wrong.</Typography>
      ) : rows.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, px: 2, borderRadius: 3, border: 1, borderColor: 'divider' }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            Nothing Yet
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Gifts, tips, messages, subscriptions and payouts will appear here.
          </Typography>
        </Box>
      ) : (
        <>
          <List aria-label="Inbox">
            {rows.map((event) => (
              <EventRow key={event.id} event={event} isNew={newIds.has(event.id)} />
            ))}
          </List>
          <LoadMore list={inbox} label="Loading more events" />
        </>
      )}
    </Box>
  );
}

/**
 * Marks the unread events shown as read, each once, and answers the ids that were unread when first
 * shown (the rows keep their "New" mark after the server has them read).
 */
function useMarkSeen(rows: InboxEvent[]): ReadonlySet<string> {
  const markRead = useMarkInboxRead();
  const sent = useRef(new Set<string>());
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const unreadKey = rows
    .filter((event) => !event.isRead)
    .map((event) => event.id)
    .join(' ');
  useEffect(() => {
    const ids = unreadKey.split(' ').filter((id) => id !== '' && !sent.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) sent.current.add(id);
    setNewIds((shown) => new Set([...shown, ...ids]));
    markRead(ids).catch((error: unknown) => {
      // Not marked: they stay unread, and are tried again when the list next shows them.
      for (const id of ids) sent.current.delete(id);
      reportError(error);
    });
  }, [unreadKey, markRead]);
  return newIds;
}

function EventRow({ event, isNew }: { event: InboxEvent; isNew: boolean }) {
  return (
    <ListItemButton
      component={Link}
      to={event.path}
      sx={{ borderRadius: 2, gap: 1, alignItems: 'flex-start', bgcolor: isNew ? 'action.hover' : undefined }}
    >
      <ListItemIcon sx={{ color: isNew ? 'primary.main' : 'text.secondary', minWidth: 40, mt: 0.5 }}>
        {ICONS[event.kind]}
      </ListItemIcon>
      <ListItemText
        primary={event.text}
        secondary={formatMonthDayTime(event.createdAt)}
        slotProps={{ primary: { sx: { fontWeight: isNew ? 700 : 400, overflowWrap: 'anywhere' } } }}
      />
      {isNew && (
        <Box
          component="span"
          sx={{ width: 10, height: 10, mt: 1, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
        >
          <Box component="span" sx={VISUALLY_HIDDEN}>
            New
          </Box>
        </Box>
      )}
    </ListItemButton>
  );
}
