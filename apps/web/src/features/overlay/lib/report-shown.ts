import type { QueuedAlert } from './overlay-stream';

/**
 * Tells the server the overlay began to show an alert (decision 100): a restarted overlay resumes after
 * it, and an approved message is shown once. Tests and replays are not reported. Tried a few times: a lost
 * report would show the alert again after a restart.
 */
export async function reportShown(secret: string, alert: QueuedAlert): Promise<void> {
  const body =
    alert.approvedId !== null ? { purchaseId: alert.approvedId } : alert.seq !== null ? { seq: alert.seq } : null;
  if (body === null) return;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const res = await fetch(`/api/overlay/${encodeURIComponent(secret)}/shown`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.ok || res.status === 404) return;
    } catch {
      // The network dropped: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000 * (attempt + 1)));
  }
}
