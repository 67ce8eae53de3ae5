/**
 * For tests: waits until the sandbox at `base` has made every webhook delivery it queued (its control route
 * GET /sandbox/control/webhooks/pending answers 0). A test that checks a webhook changed nothing waits for
 * this, not for a while: a delivery still to come could change it later.
 */
export async function untilWebhooksDelivered(base: string, secretKey: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base}/sandbox/control/webhooks/pending`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    if (res.status !== 200) throw new Error(`the sandbox answered ${res.status}: ${await res.text()}`);
    const { count } = (await res.json()) as { count: number };
    if (count === 0) return;
    if (Date.now() > deadline) throw new Error(`${count} webhook deliveries were still to be made`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
