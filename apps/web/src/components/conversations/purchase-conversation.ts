import type { ConversationType } from '@sweetwish/shared/conversation-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, ok } from '../../lib/api-client';
import { notify } from '../../lib/notification-store';
import { ACTIVITY_QUERY_KEY, PURCHASES_QUERY_KEY, RECEIVED_QUERY_KEY } from '../wallet/wallet-queries';
import { CONVERSATIONS_QUERY_KEY, conversationPath } from './conversation-queries';

/** What a message button reads (product.md section 2): "Join Conversation" once the purchase has one. */
export function messageButtonLabel(conversationId: string | null | undefined): string {
  return conversationId ? 'Join Conversation' : 'Send a Message';
}

export type PurchaseConversationTarget = {
  /** "purchase" from the buyer's side (/success, /purchases), "received" from the recipient's. */
  type: ConversationType;
  purchaseId: string;
  /** The purchase's conversation when it has one already: it is opened without asking the server. */
  conversationId: string | null;
};

/**
 * Opens a purchase's conversation, creating it first when it has none (product.md section 4, Conversation):
 * createConversation answers the same id when it exists already, so a stale "Send a Message" is harmless.
 * A failure shows `failureMessage` (the screens use different words, product.md section 8). Shared by the
 * message buttons of /success, /purchases and the received detail, which belong to different features.
 */
export function useOpenPurchaseConversation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The failure message travels with the call and is told by the mutation's own onError, which runs for every call.
  const mutation = useMutation({
    mutationFn: async ({ target }: { target: PurchaseConversationTarget; failureMessage: string }) => {
      if (target.conversationId) return target.conversationId;
      const body = { type: target.type, purchaseId: target.purchaseId };
      return (await ok(api.POST('/api/conversations', { body }))).conversationId;
    },
    onError: (_error, { failureMessage }) => notify(failureMessage),
    onSuccess: (conversationId, { target }) => {
      if (!target.conversationId) {
        // The purchase now has a conversation: its buttons read "Join Conversation" from now on.
        for (const queryKey of [PURCHASES_QUERY_KEY, RECEIVED_QUERY_KEY, CONVERSATIONS_QUERY_KEY, ACTIVITY_QUERY_KEY]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
      navigate(conversationPath(conversationId));
    },
  });
  return {
    open: (target: PurchaseConversationTarget, failureMessage: string) => mutation.mutate({ target, failureMessage }),
    isOpening: mutation.isPending,
    /** The purchase whose conversation is being opened, to show its button busy. */
    openingPurchaseId: mutation.isPending ? (mutation.variables?.target.purchaseId ?? null) : null,
  };
}
