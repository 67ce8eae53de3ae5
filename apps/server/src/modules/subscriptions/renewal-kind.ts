import { z } from 'zod';
import { defineJobKind } from '../../jobs/job-type';

/** One job per subscription (key `subscription:<id>`), due on its next renewal, retry or end day. */
export const renewalJobKind = defineJobKind('subscription-renewal', z.object({ subscriptionId: z.string() }));
