// What the notification job (use-cases/notification-job.ts) reads and marks of the notifications queue.
export {
  closeGiftsSummary,
  findNotification,
  markAttemptFailed,
  markSending,
  markSent,
  markSkipped,
  markUnknown,
  type QueuedNotification,
} from './repo';
