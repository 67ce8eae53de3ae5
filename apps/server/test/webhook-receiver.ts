import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string; at: number };

/** What the receiver answers on a path: a status and a body (default 200 "ok"); `hang` never answers. */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP server on 127.0.0.1 that keeps every request it gets, answering each path as a test says.
 * Each test uses paths of its own, so tests sharing one receiver never see each other's deliveries.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers = new Map<string, Answer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      );
      received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = answers.get(path) ?? { status: 200, body: 'ok' };
      if (answer === 'hang') return;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let paths = 0;
  return {
    port,
    received,
    /** A new path on this receiver, answering `answer`. */
    newPath(answer?: Answer) {
      const path = `/hooks/${++paths}`;
      if (answer) answers.set(path, answer);
      return { path, url: `http://127.0.0.1:${port}${path}` };
    },
    answer(path: string, answer: Answer) {
      answers.set(path, answer);
    },
    to: (path: string) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
