import type { ShownInput } from '@sweetwish/shared/gift-messages';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { recordAlertShown } from '../gifts/gift-messages';
import { latestGiftSeq, markApprovedShown } from '../gifts/messages';
import { getOverlayBySecret } from './service';

/**
 * An overlay began to show an alert (decision 100): a gift's number moves the creator's resume point, so a
 * restarted overlay starts after it; an approved message is shown once, whichever overlay showed it. A
 * number past the creator's latest gift is refused: it would make a restarted overlay skip gifts to come.
 */
export async function recordOverlayShown(db: Database, secret: string, input: ShownInput): Promise<void> {
  const { userId } = await getOverlayBySecret(db, secret);
  if ('seq' in input) {
    if (input.seq > (await latestGiftSeq(db, userId))) throw new AppError('NOT_FOUND', 'No such alert');
    await recordAlertShown(db, userId, input.seq);
    return;
  }
  await markApprovedShown(db, userId, input.purchaseId);
}
