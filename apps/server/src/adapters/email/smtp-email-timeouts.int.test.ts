import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { smtpEmail } from './smtp-email';

// A sign-in request waits on the send, so the adapter's 10 s greeting timeout must hold; nodemailer's own
// default is 30 s (nodemailer 7 dropped the options given beside `url`, so it applied).
const GREETING_TIMEOUT_MS = 10_000;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server that accepts the connection and never sends the SMTP greeting, as a stuck relay would. */
async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `smtp://127.0.0.1:${port}`;
}

it('gives up on a server that never greets after the adapter timeout, not nodemailer’s 30 s', async () => {
  const email = smtpEmail({ url: await startSilentServer(), from: 'Sweetwish <no-reply@sweetwish.app>' });
  cleanups.push(email.close);

  const started = Date.now();
  const sending = email.send({ to: 'fan@example.com', subject: 'Your sign-in link', text: 'Hello' });
  await expect(sending).rejects.toMatchObject({ code: 'ETIMEDOUT' });
  const elapsed = Date.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(GREETING_TIMEOUT_MS - 500);
  expect(elapsed).toBeLessThan(GREETING_TIMEOUT_MS + 5_000);
}, 40_000);
