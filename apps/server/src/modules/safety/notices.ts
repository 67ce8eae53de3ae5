import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import type { ReportSnapshot } from '@sweetwish/shared/safety';
import type { AuditActionKind, ReportKind } from '@sweetwish/shared/safety-rules';
import type { Database } from '../../db/client';
import type { NotificationText } from '../notify/texts';
import { findModerationAction } from './moderation-repo';

// What the user a moderator's action touched is told (decision 135), by their sign-in channel: what was
// hidden, or why their account was suspended or let back in, with the moderator's reason. Never who
// reported it. A dismissed report touched nobody: nothing is sent.

type ModerationNoticeFacts = {
  action: AuditActionKind;
  kind: ReportKind;
  reason: string;
  snapshot: ReportSnapshot | null;
};

/** Which actions are told to the user they touched. */
const TOLD_ACTIONS: ReadonlySet<AuditActionKind> = new Set(['hide', 'suspend', 'lift_suspension']);

function moderationNoticeText(facts: ModerationNoticeFacts, origin: string): NotificationText {
  const why = `Reason: ${facts.reason}${/[.!?]$/.test(facts.reason) ? '' : '.'}`;
  const notice = (subject: string, said: string, path: string, link: string): NotificationText => {
    const summary = `${said} ${why}`;
    return { subject, text: `${PRODUCT_NAME}: ${summary} ${link} ${origin}${path}`, summary, path };
  };
  if (facts.action === 'suspend') {
    return notice(
      `Your ${PRODUCT_NAME} account was suspended`,
      'A moderator suspended your account.',
      '/suspended',
      'More at',
    );
  }
  if (facts.action === 'lift_suspension') {
    return notice(
      `Your ${PRODUCT_NAME} account is active again`,
      'A moderator lifted the suspension of your account: you can sign in again.',
      '/sign-in',
      'Sign in at',
    );
  }
  const message = facts.snapshot?.message;
  if (facts.kind === 'message' && message) {
    return notice(
      `A message of yours was removed on ${PRODUCT_NAME}`,
      'A moderator removed one of your messages.',
      `/conversations/${encodeURIComponent(message.conversationId)}`,
      'See it at',
    );
  }
  const name = facts.snapshot?.wish?.name;
  return notice(
    `Your wish was hidden on ${PRODUCT_NAME}`,
    name ? `A moderator hid your wish "${name}".` : 'A moderator hid one of your wishes.',
    '/support',
    'Questions? Write to us at',
  );
}

/** The notice of one moderator's action, read when it is sent; undefined for an action nobody is told of. */
export async function describeModerationNotice(
  db: Database,
  moderationActionId: string,
  origin: string,
): Promise<NotificationText | undefined> {
  const action = await findModerationAction(db, moderationActionId);
  if (!action || !TOLD_ACTIONS.has(action.action)) return undefined;
  return moderationNoticeText(action, origin);
}
