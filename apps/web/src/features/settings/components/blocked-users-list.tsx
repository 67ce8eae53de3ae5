import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ANONYMOUS_NAME } from '@sweetwish/shared/conversation-rules';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CONVERSATION_QUERY_ROOT,
  CONVERSATIONS_QUERY_KEY,
} from '../../../components/conversations/conversation-queries';
import { LoadMore } from '../../../components/load-more';
import { BLOCKED_USERS_QUERY_KEY, blockedUsersOptions } from '../../../components/safety/safety-queries';
import { UserAvatar } from '../../../components/user-avatar';
import { api, ok } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';

/** Settings, "Blocked users" (issue 21, item 3): everyone the user blocked, each with "Unblock". */
export function BlockedUsersList() {
  const list = useInfiniteQuery(blockedUsersOptions);
  const queryClient = useQueryClient();
  const unblock = useMutation({
    mutationFn: (userId: string) => ok(api.DELETE('/api/users/{id}/block', { params: { path: { id: userId } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BLOCKED_USERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATION_QUERY_ROOT });
      notify(SAFETY_MESSAGES.unblocked, { severity: 'success' });
    },
    onError: () => notify('Could not unblock this user. Try again later.'),
  });
  const items = itemsOf(list.data);

  if (hasListFailed(list)) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        The blocked users could not be loaded.
      </Typography>
    );
  }
  if (list.isSuccess && items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {SAFETY_MESSAGES.noBlockedUsers}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="Blocked users" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => {
        const name = item.person?.displayName ?? ANONYMOUS_NAME;
        return (
          <Box component="li" key={item.userId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25 }}>
            <UserAvatar photoUrl={item.person?.photoUrl} name={name} size={36} />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {item.person ? `@${item.person.handle}` : ''}
                {item.refusesGifts ? `${item.person ? ' · ' : ''}Gifts refused` : ''}
              </Typography>
            </Box>
            <Button
              variant="outlined"
              size="small"
              onClick={() => unblock.mutate(item.userId)}
              disabled={unblock.isPending}
              aria-label={`Unblock ${name}`}
            >
              Unblock
            </Button>
          </Box>
        );
      })}
      <LoadMore list={list} label="blocked users" />
    </Box>
  );
}
