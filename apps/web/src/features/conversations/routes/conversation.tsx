import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGES, SEND_BLOCK_MESSAGES, type SendBlock } from '@sweetwish/shared/conversation-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { useParams } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { RequireSignIn } from '../../../components/require-sign-in';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { TOP_BAR_HEIGHT } from '../../../lib/theme';
import {
  conversationOptions,
  markSeen,
  messageStoreOptions,
  useConversation,
  useMessageStore,
} from '../api/conversation-calls';
import { Composer } from '../components/composer';
import { ConversationHeader } from '../components/conversation-header';
import { MessageList } from '../components/message-list';

/** The conversation screen's width at most (product.md section 9). */
export const CONVERSATION_MAX_WIDTH = 600;

/** The conversation and its newest messages load together. */
export function conversationLoader({ params }: LoaderFunctionArgs) {
  const id = params.conversationId ?? '';
  return loadSignedInQueries(conversationOptions(id), messageStoreOptions(id));
}

/**
 * A conversation (/conversations/{id}, product.md section 2): the back header with the other participant, the
 * messages (newest at the bottom, older ones loading on scrolling up) and the composer, or, when the viewer
 * may not write (a creator who turned messages from fans off), a line saying so. It is marked read when its
 * messages load, when new ones arrive on screen, and on leaving it.
 */
export function ConversationPage() {
  const { conversationId = '' } = useParams();
  return (
    <>
      <AppTopBar />
      <RequireSignIn>
        <ConversationScreen key={conversationId} conversationId={conversationId} />
      </RequireSignIn>
    </>
  );
}

function ConversationScreen({ conversationId }: { conversationId: string }) {
  const queryClient = useQueryClient();
  const conversation = useConversation(conversationId);
  const store = useMessageStore(conversationId);
  const lastMessageId = store.data?.messages.at(-1)?.id;
  const isMissing = conversation.error instanceof ApiError && conversation.error.status === 404;
  const hasFailed = (conversation.isError && !conversation.data) || (store.isError && !store.data);

  // Read while on screen: not while the tab is hidden (the message may then be notified), but once it shows.
  useEffect(() => {
    if (lastMessageId === undefined) return;
    const markIfShown = () => {
      if (document.visibilityState === 'visible') void markSeen(queryClient, conversationId);
    };
    markIfShown();
    document.addEventListener('visibilitychange', markIfShown);
    return () => document.removeEventListener('visibilitychange', markIfShown);
  }, [lastMessageId, conversationId, queryClient]);
  useEffect(() => () => void markSeen(queryClient, conversationId), [conversationId, queryClient]);

  // Loading failed: said once as a notification too (product.md section 8), beside the screen's own line.
  const hasNotified = useRef(false);
  useEffect(() => {
    if (!hasFailed || isMissing || hasNotified.current) return;
    hasNotified.current = true;
    notify(CHAT_MESSAGES.somethingWrong);
  }, [hasFailed, isMissing]);

  if (isMissing) {
    return <CenteredMessage title={CHAT_MESSAGES.notFound} detail="It is not one of your conversations." />;
  }
  if (hasFailed) return <CenteredMessage title={CHAT_MESSAGES.somethingWrong} />;

  return (
    <Box
      component="main"
      sx={{
        maxWidth: CONVERSATION_MAX_WIDTH,
        mx: 'auto',
        height: `calc(100svh - ${TOP_BAR_HEIGHT}px)`,
        display: 'flex',
        flexDirection: 'column',
        borderInline: { sm: 1 },
        borderColor: { sm: 'divider' },
      }}
    >
      {conversation.data && <ConversationHeader conversation={conversation.data} />}
      {conversation.data && store.data ? (
        <MessageList conversation={conversation.data} store={store.data} />
      ) : (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }} aria-busy="true">
          <CircularProgress aria-label="Loading messages" />
        </Box>
      )}
      {conversation.data?.sendBlock ? (
        <CannotSendLine block={conversation.data.sendBlock} />
      ) : (
        <Composer conversationId={conversationId} isLoading={!conversation.data || !store.data} />
      )}
    </Box>
  );
}

/** Instead of the composer, for a viewer who may not write here. */
function CannotSendLine({ block }: { block: SendBlock }) {
  return (
    <Typography
      role="note"
      color="text.secondary"
      sx={{ px: 2, py: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}
    >
      {SEND_BLOCK_MESSAGES[block]}
    </Typography>
  );
}
