import { z } from 'zod';
import { defineJobKind } from '../../jobs/job-type';

/**
 * Finishes a pending withdrawal's transfer (worker.ts). One per withdrawal, under its key, queued with the
 * debit and done when the withdrawal leaves `pending`; the migration `jobs_queue` queued one for every
 * withdrawal pending at the upgrade.
 */
export const withdrawalJobKind = defineJobKind('withdrawal-transfer', z.object({ withdrawalId: z.string().min(1) }));

export const withdrawalJobKey = (withdrawalId: string) => `withdrawal:${withdrawalId}`;
