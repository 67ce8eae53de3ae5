import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGES, DOUBLE_TAP_MS, toggledReaction } from '@sweetwish/shared/conversation-rules';
import type { Conversation, Message } from '@sweetwish/shared/conversations';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatConversationStart } from '../../../lib/dates';
import { notify } from '../../../lib/notification-store';
import { loadOlderMessages, setReaction, unlockImage } from '../api/conversation-calls';
import { isSeenByParticipant, participantName } from '../lib/conversation-text';
import { createTapDetector } from '../lib/double-tap';
import type { MessageStore } from '../lib/message-store';
import { ImageViewer } from './image-viewer';
import { MessageItem } from './message-item';

/** How close to the top (px) scrolling has to come before the older page loads. */
const LOAD_OLDER_WITHIN = 240;
/** How close to the bottom (px) counts as "at the newest message": new ones then scroll into view. */
const AT_BOTTOM_WITHIN = 120;

/**
 * The scrolling list of a conversation's messages (product.md section 2): newest at the bottom, scrolled there
 * when messages load and when a new one arrives while the viewer is at the bottom (or sent it). Scrolling
 * up near the top loads the older page, keeping the messages on screen where they were. "Start of
 * Conversation" and the time it began head the list once nothing older is left.
 */
export function MessageList({ conversation, store }: { conversation: Conversation; store: MessageStore }) {
  const queryClient = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const isLoadingOlderRef = useRef(false);
  // After a failed older page, wait for the viewer to scroll again rather than retry on every render.
  const isAutoLoadPaused = useRef(false);
  const [unlockingId, setUnlockingId] = useState<string | null>(null);
  const [viewed, setViewed] = useState<{ url: string; label: string } | null>(null);
  const { messages } = store;
  const name = participantName(conversation);
  const lastMineId = messages.findLast((m) => m.isMine)?.id;

  const loadOlder = () => {
    if (!store.hasOlder || isLoadingOlderRef.current) return;
    isLoadingOlderRef.current = true;
    setIsLoadingOlder(true);
    loadOlderMessages(queryClient, conversation.id)
      .catch(() => {
        isAutoLoadPaused.current = true;
        notify(CHAT_MESSAGES.somethingWrong);
      })
      .finally(() => {
        isLoadingOlderRef.current = false;
        setIsLoadingOlder(false);
      });
  };

  // Whether the viewer is at the newest message: the list then stays there when it gets shorter (the
  // composer grows with previews, the keyboard opens, the window turns).
  const isAtBottom = useRef(true);
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (isAtBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Where the list was at the last render: which messages ended it, and how tall it was.
  const previous = useRef<{ firstId?: string; lastId?: string; scrollHeight: number }>({ scrollHeight: 0 });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const firstId = messages[0]?.id;
    const last = messages.at(-1);
    const before = previous.current;
    if (before.lastId === undefined) {
      element.scrollTop = element.scrollHeight;
    } else if (last?.id !== before.lastId) {
      const wasAtBottom = before.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_WITHIN;
      if (wasAtBottom || last?.isMine) element.scrollTop = element.scrollHeight;
    } else if (firstId !== before.firstId) {
      // An older page went in above: the same messages stay under the viewer's eyes.
      element.scrollTop += element.scrollHeight - before.scrollHeight;
    }
    previous.current = { firstId, lastId: last?.id, scrollHeight: element.scrollHeight };
  }, [messages]);

  // A short conversation does not scroll: the older page loads without waiting for a scroll.
  useEffect(() => {
    const element = scroller.current;
    if (!element || isAutoLoadPaused.current) return;
    if (store.hasOlder && element.scrollHeight <= element.clientHeight + LOAD_OLDER_WITHIN) loadOlder();
  });

  // One detector for the whole list; an image's single tap waits out the double-tap window first.
  const taps = useRef(createTapDetector());
  const pendingSingleTap = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingSingleTap.current), []);

  const toggleHeart = (message: Message) => {
    setReaction(queryClient, conversation.id, message.id, toggledReaction(message.reaction)).catch(() =>
      notify(CHAT_MESSAGES.somethingWrong),
    );
  };

  const unlock = (message: Message) => {
    setUnlockingId(message.id);
    unlockImage(queryClient, conversation.id, message.id)
      .catch(() => notify(CHAT_MESSAGES.somethingWrong))
      .finally(() => setUnlockingId(null));
  };

  const tap = (message: Message) => {
    clearTimeout(pendingSingleTap.current);
    if (taps.current.tap(message.id, Date.now())) {
      toggleHeart(message);
      return;
    }
    const url = message.image && !message.image.isLocked ? message.image.url : null;
    if (url) {
      const label = message.isMine ? 'Your image' : `Image from ${name}`;
      pendingSingleTap.current = setTimeout(() => setViewed({ url, label }), DOUBLE_TAP_MS);
    }
  };

  return (
    <Box
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_WITHIN;
        isAutoLoadPaused.current = false;
        if (element.scrollTop < LOAD_OLDER_WITHIN) loadOlder();
      }}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowAnchor: 'none', px: { xs: 1.5, sm: 2 }, pt: 2, pb: 1 }}
    >
      {store.hasOlder ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 2, minHeight: 56 }}>
          {isLoadingOlder && <CircularProgress size={24} aria-label="Loading earlier messages" />}
        </Box>
      ) : (
        <Box sx={{ textAlign: 'center', py: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {CHAT_MESSAGES.startOfConversation}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={conversation.createdAt}>
            {formatConversationStart(conversation.createdAt)}
          </Typography>
        </Box>
      )}
      <Box component="ol" aria-label="Messages" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            participantName={name}
            isSeen={message.id === lastMineId && isSeenByParticipant(conversation.participantSeenAt, message.sentAt)}
            isUnlocking={unlockingId === message.id}
            onTap={() => tap(message)}
            onToggleHeart={() => toggleHeart(message)}
            onUnlock={() => unlock(message)}
          />
        ))}
      </Box>
      <ImageViewer image={viewed} onClose={() => setViewed(null)} />
    </Box>
  );
}
