import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import type { Conversation } from '@sweetwish/shared/conversations';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { conversationPath } from '../../../components/conversations/conversation-queries';
import { LoadMore } from '../../../components/load-more';
import { RequireSignIn } from '../../../components/require-sign-in';
import { UserAvatar } from '../../../components/user-avatar';
import { formatMonthDay, formatTimeOfDay } from '../../../lib/dates';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { conversationsOptions, useConversations } from '../api/conversation-calls';
import { conversationPreview, participantName, purchaseLine } from '../lib/conversation-text';

export function conversationsLoader() {
  return loadSignedInQueries(conversationsOptions);
}

/**
 * The conversation list (/conversations, product.md section 2): one row per conversation, newest activity first,
 * with the other participant's name (or "Anonymous"), the purchase it belongs to, the last message's preview
 * and a dot while unread.
 * The list follows new messages live.
 */
export function ConversationsPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <ConversationsContent />
      </RequireSignIn>
    </>
  );
}

function ConversationsContent() {
  const conversations = useConversations();
  const rows = itemsOf(conversations.data);
  return (
    <Box component="main" sx={{ maxWidth: 600, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2 }}>
        Conversations
      </Typography>
      {conversations.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading conversations" />
        </Box>
      ) : hasListFailed(conversations) ? (
        <Typography color="error">{CHAT_MESSAGES.somethingWrong}</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {CHAT_MESSAGES.noConversations}
        </Typography>
      ) : (
        <>
          <List aria-label="Conversations">
            {rows.map((conversation) => (
              <ConversationRow key={conversation.id} conversation={conversation} />
            ))}
          </List>
          <LoadMore list={conversations} label="Loading more conversations" />
        </>
      )}
    </Box>
  );
}

/** When the conversation was last active: the time today, the date before. */
function lastActive(updatedAt: string): string {
  const date = new Date(updatedAt);
  return date.toDateString() === new Date().toDateString() ? formatTimeOfDay(date) : formatMonthDay(date);
}

const ONE_LINE = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function ConversationRow({ conversation }: { conversation: Conversation }) {
  const name = participantName(conversation);
  const { isUnread } = conversation;
  return (
    <ListItemButton
      component={Link}
      to={conversationPath(conversation.id)}
      sx={{ borderRadius: 2, gap: 1, mb: 0.5, alignItems: 'center' }}
    >
      <ListItemAvatar sx={{ minWidth: 0 }}>
        <UserAvatar photoUrl={conversation.participant?.photoUrl} name={name} size={48} />
      </ListItemAvatar>
      <ListItemText
        primary={name}
        secondary={
          <>
            <Box component="span" sx={ONE_LINE}>
              {purchaseLine(conversation)}
            </Box>
            <Box component="span" sx={{ ...ONE_LINE, color: isUnread ? 'text.primary' : 'text.secondary' }}>
              {conversationPreview(conversation)}
            </Box>
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: isUnread ? 800 : 600 }, noWrap: true } }}
        sx={{ minWidth: 0, my: 0 }}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.75, flexShrink: 0 }}>
        <Typography
          variant="caption"
          color={isUnread ? 'primary' : 'text.secondary'}
          component="time"
          dateTime={conversation.updatedAt}
        >
          {lastActive(conversation.updatedAt)}
        </Typography>
        <Box sx={{ height: 10 }}>
          {isUnread && (
            <Box
              role="img"
              aria-label="Unread"
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' }}
            />
          )}
        </Box>
      </Box>
    </ListItemButton>
  );
}
