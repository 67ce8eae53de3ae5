// What the notification job (use-cases/notification-job.ts) reads and marks of the notifications queue.
// A clawback (checkout) queues its notice in its own transaction.
export {
  closeGiftsSummary,
  findNotification,
  insertGiftReversedNotification,
  markAttemptFailed,
  markSending,
  markSent,
  markSkipped,
  markUnknown,
  type QueuedNotification,
} from './repo';
