import type { ModerationActionKind } from '@sweetwish/shared/safety-rules';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { useMe } from '../../../lib/session';

const REPORTS_QUERY_KEY = ['moderation', 'reports'] as const;

/**
 * The moderation queue (one entry per reported target, decision 028), page by page
 * (GET /api/moderation/reports). A non-moderator's 404 is final: it is not asked again.
 */
const reportsOptions = {
  ...pagedListOptions(REPORTS_QUERY_KEY, (cursor) =>
    ok(api.GET('/api/moderation/reports', { params: { query: { cursor } } })),
  ),
  retry: false,
};

/** The moderation screen's route loader: the first page of reports, once the user is known. */
export function loadOpenReports() {
  return loadSignedInQueries(reportsOptions);
}

export function useOpenReports() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...reportsOptions, enabled: isSignedIn });
}

/** Dismisses a report, hides its wish or message, or suspends its account, with a reason. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action, reason }: { reportId: string; action: ModerationActionKind; reason: string }) =>
      ok(
        api.POST('/api/moderation/reports/{id}/actions', {
          params: { path: { id: reportId } },
          body: { action, reason },
        }),
      ),
    // A suspension adds to the suspended accounts.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
}

const SUSPENDED_QUERY_KEY = ['moderation', 'suspended'] as const;

/** The suspended accounts, the latest suspended first, page by page (GET /api/moderation/suspended). */
const suspendedOptions = {
  ...pagedListOptions(SUSPENDED_QUERY_KEY, (cursor) =>
    ok(api.GET('/api/moderation/suspended', { params: { query: { cursor } } })),
  ),
  retry: false,
};

export function useSuspendedAccounts() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...suspendedOptions, enabled: isSignedIn });
}

/** Lifts an account's suspension, with a reason. */
export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      ok(api.POST('/api/moderation/suspended/{id}/lift', { params: { path: { id: userId } }, body: { reason } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUSPENDED_QUERY_KEY }),
  });
}

const AUDIT_QUERY_KEY = ['moderation', 'audit'] as const;

/** The audit log, newest first, page by page (GET /api/moderation/audit); a non-moderator's 404 is final. */
const auditOptions = {
  ...pagedListOptions(AUDIT_QUERY_KEY, (cursor) =>
    ok(api.GET('/api/moderation/audit', { params: { query: { cursor } } })),
  ),
  retry: false,
};

/** The audit log screen's route loader: the first page, once the user is known. */
export function loadAuditLog() {
  return loadSignedInQueries(auditOptions);
}

export function useAuditLog() {
  const { isSignedIn } = useMe();
  return useInfiniteQuery({ ...auditOptions, enabled: isSignedIn });
}
