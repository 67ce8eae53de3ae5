import { CHAT_MESSAGES, MESSAGE_PAGE_SIZE, type Reaction } from '@sweetwish/shared/conversation-rules';
import type { Message } from '@sweetwish/shared/conversations';
import { type QueryClient, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  CONVERSATIONS_QUERY_KEY,
  conversationQueryKey,
  messagesQueryKey,
} from '../../../components/conversations/conversation-queries';
import { ACTIVITY_QUERY_KEY } from '../../../components/wallet/wallet-queries';
import { ApiError, api, type FormAnswer, ok, postForm } from '../../../lib/api-client';
import { blurhashOfFile } from '../../../lib/blurhash';
import { pagedListOptions } from '../../../lib/paged-list';
import { useMe } from '../../../lib/session';
import {
  type MessageStore,
  oldestSeq,
  storeOfFirstPage,
  withChanges,
  withMessage,
  withOlderPage,
} from '../lib/message-store';

/** The path parameter of every call about one conversation. */
const inConversation = (id: string) => ({ params: { path: { id } } });

/** The signed-in user's conversations, most recently active first, page by page (GET /api/conversations). */
export const conversationsOptions = pagedListOptions(CONVERSATIONS_QUERY_KEY, (cursor) =>
  ok(api.GET('/api/conversations', { params: { query: { cursor } } })),
);

export function useConversations() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...conversationsOptions, enabled: isSignedIn });
}

/** One conversation (GET /api/conversations/{id}); 404 when it is not the user's. */
export function conversationOptions(conversationId: string) {
  return queryOptions({
    queryKey: conversationQueryKey(conversationId),
    queryFn: () => ok(api.GET('/api/conversations/{id}', inConversation(conversationId))),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useConversation(conversationId: string) {
  const { isSignedIn } = useMe();
  return useQuery({ ...conversationOptions(conversationId), enabled: isSignedIn });
}

function fetchFirstPage(conversationId: string) {
  return ok(
    api.GET('/api/conversations/{id}/messages', {
      params: { path: { id: conversationId }, query: { limit: MESSAGE_PAGE_SIZE } },
    }),
  );
}

/**
 * The conversation's message store (lib/message-store.ts), kept in the query cache so the live events
 * stream can refresh it by its key. The first fetch reads the newest page; every later one (a `messages`
 * event, a reconnect, coming back to the tab) reads only what changed since the version held, or starts
 * again from the newest page when the server says that is too much.
 */
export function messageStoreOptions(conversationId: string) {
  const queryKey = messagesQueryKey(conversationId);
  return queryOptions({
    queryKey,
    queryFn: async ({ client: queryClient }): Promise<MessageStore> => {
      const held = queryClient.getQueryData<MessageStore>(queryKey);
      if (held) {
        const changes = await ok(
          api.GET('/api/conversations/{id}/messages/changes', {
            params: { path: { id: conversationId }, query: { since: held.version } },
          }),
        );
        // Merged into what is held now: an older page or a sent message may have landed meanwhile.
        if (changes.isComplete) return withChanges(queryClient.getQueryData<MessageStore>(queryKey) ?? held, changes);
      }
      return storeOfFirstPage(await fetchFirstPage(conversationId));
    },
    retry: 1,
  });
}

export function useMessageStore(conversationId: string) {
  const { isSignedIn } = useMe();
  return useQuery({ ...messageStoreOptions(conversationId), enabled: isSignedIn });
}

/** Loads the page before the oldest message held (scrolling up) into the store. */
export async function loadOlderMessages(queryClient: QueryClient, conversationId: string): Promise<void> {
  const queryKey = messagesQueryKey(conversationId);
  const held = queryClient.getQueryData<MessageStore>(queryKey);
  const before = held && oldestSeq(held);
  if (!held?.hasOlder || before === undefined) return;
  const page = await ok(
    api.GET('/api/conversations/{id}/messages', {
      params: { path: { id: conversationId }, query: { before, limit: MESSAGE_PAGE_SIZE } },
    }),
  );
  queryClient.setQueryData<MessageStore>(queryKey, (current) => current && withOlderPage(current, page, before));
}

/** Puts a message the server answered (sent, reacted to, unlocked) into the store at once. */
function keepMessage(queryClient: QueryClient, conversationId: string, message: Message) {
  queryClient.setQueryData<MessageStore>(messagesQueryKey(conversationId), (current) =>
    current ? withMessage(current, message) : current,
  );
}

/** sendMessage with text (POST /api/conversations/{id}/messages). */
export async function sendText(queryClient: QueryClient, conversationId: string, content: string): Promise<void> {
  const message = await ok(
    api.POST('/api/conversations/{id}/messages', {
      ...inConversation(conversationId),
      body: { type: 'text', content },
    }),
  );
  keepMessage(queryClient, conversationId, message);
}

/**
 * sendMessage with an image: the file goes as it is (the server re-encodes it) with its blurhash, computed
 * here (POST /api/conversations/{id}/images, one request per image).
 */
export async function sendImage(queryClient: QueryClient, conversationId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('blurhash', await blurhashOfFile(file));
  const res = await postForm(`/api/conversations/${encodeURIComponent(conversationId)}/images`, form);
  if (!res.ok) throw new ApiError(res.status, { code: 'INTERNAL', message: CHAT_MESSAGES.uploadFailed });
  keepMessage(queryClient, conversationId, (await res.json()) as FormAnswer<'/api/conversations/{id}/images'>);
}

/** Sets (a heart) or clears (null) the viewer's reaction to a message. */
export async function setReaction(
  queryClient: QueryClient,
  conversationId: string,
  messageId: string,
  reaction: Reaction | null,
): Promise<void> {
  const message = await ok(
    api.PUT('/api/conversations/{id}/messages/{messageId}/reaction', {
      params: { path: { id: conversationId, messageId } },
      body: { reaction },
    }),
  );
  keepMessage(queryClient, conversationId, message);
}

/** Unlocks the other participant's image for the viewer (remembered by the server for every device). */
export async function unlockImage(queryClient: QueryClient, conversationId: string, messageId: string): Promise<void> {
  const message = await ok(
    api.POST('/api/conversations/{id}/messages/{messageId}/unlock', {
      params: { path: { id: conversationId, messageId } },
    }),
  );
  keepMessage(queryClient, conversationId, message);
}

/**
 * Marks the conversation read (when messages load, when new ones arrive on screen, and on leaving it), then
 * refreshes the list's dot and the menu's badge. `keepalive` lets the request finish when the page unloads.
 */
export async function markSeen(queryClient: QueryClient, conversationId: string): Promise<void> {
  try {
    await api.POST('/api/conversations/{id}/seen', { ...inConversation(conversationId), keepalive: true });
  } catch (error) {
    console.warn('Could not mark the conversation read', error);
    return;
  }
  for (const queryKey of [CONVERSATIONS_QUERY_KEY, ACTIVITY_QUERY_KEY]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
