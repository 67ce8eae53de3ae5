import type { WebhookEndpointStatus, WebhookEventType } from '@sweetwish/shared/webhooks';

export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'gift.received': 'A gift is bought for you',
  'tip.received': 'A tip is sent to you',
  'message.received': 'A message is sent to you',
  'goal.reached': 'A stream goal is reached',
};

export const STATUS_LABELS: Record<WebhookEndpointStatus, string> = {
  active: 'Active',
  disabled: 'Turned off',
  failing: 'Paused: deliveries kept failing',
};
