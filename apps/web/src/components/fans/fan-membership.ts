import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../lib/api-client';
import { useMe } from '../../lib/session';

/**
 * The viewer's place in a creator's fan base (product.md section 1: only someone who rewarded the creator may
 * opt in). Here rather than in a feature: /success, the tip dialog and the creator's profile menu offer it.
 */
const fanMembershipQueryKey = (creatorId: string) => ['fan-membership', creatorId] as const;

/** GET /api/creators/{id}/fan-membership: whether the viewer may join and whether they have. */
export const fanMembershipOptions = (creatorId: string) =>
  queryOptions({
    queryKey: fanMembershipQueryKey(creatorId),
    queryFn: () => ok(api.GET('/api/creators/{id}/fan-membership', { params: { path: { id: creatorId } } })),
    retry: false,
  });

export function useFanMembership(creatorId: string) {
  const { isSignedIn } = useMe();
  return useQuery({ ...fanMembershipOptions(creatorId), enabled: isSignedIn });
}

/** Joins (PUT) or leaves (DELETE) the creator's fan base; the answer is the new membership. */
export function useChangeFanMembership(creatorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isJoining: boolean) => {
      const init = { params: { path: { id: creatorId } } };
      return ok(
        isJoining
          ? api.PUT('/api/creators/{id}/fan-membership', init)
          : api.DELETE('/api/creators/{id}/fan-membership', init),
      );
    },
    onSuccess: (membership) => queryClient.setQueryData(fanMembershipQueryKey(creatorId), membership),
  });
}

/** What joining means, said where it is offered: the creator sees the fan's name and what they gave under it. */
export function fanBaseExplanation(creatorName: string): string {
  return `${creatorName} will see your name and the total you have given them under your name. Anything you sent anonymously stays anonymous.`;
}
