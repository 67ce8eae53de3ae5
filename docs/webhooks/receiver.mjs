// A Sweetwish webhook receiver in plain Node (no packages): docs/webhooks.md explains it.
//   SWEETWISH_WEBHOOK_SECRET=whsec_... node receiver.mjs      # listens on port 3000
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** Deliveries signed more than this long ago (or ahead) are refused, so a captured one cannot be replayed later. */
const TOLERANCE_SECONDS = 5 * 60;

/**
 * Checks a delivery and returns its event ({ type, timestamp, data }); throws when it is not genuine.
 * `body` must be the raw request body, exactly as received (not parsed and serialised again).
 */
export function verifyWebhook(secret, headers, body, nowMs = Date.now()) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) throw new Error('missing webhook headers');
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(nowMs / 1000 - seconds) > TOLERANCE_SECONDS) {
    throw new Error('timestamp too old or too new');
  }
  // The key is the base64 after "whsec_"; the signed content is "id.timestamp.body".
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  // Several space-separated "v1,<base64>" signatures come for a day after the secret is rolled: one must match.
  const isSigned = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!isSigned) throw new Error('no valid signature');
  return JSON.parse(body);
}

/**
 * An HTTP server that verifies each delivery, answers 204 quickly (slow work goes elsewhere), and hands
 * each event to `onEvent` once: a retried delivery keeps its webhook-id, so ids already seen are skipped.
 */
export function createReceiver(secret, onEvent) {
  const seen = new Set();
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let event;
      try {
        event = verifyWebhook(secret, req.headers, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        res.writeHead(400).end(String(error.message));
        return;
      }
      const id = req.headers['webhook-id'];
      if (!seen.has(id)) {
        seen.add(id); // a real receiver keeps these in its database
        onEvent(event);
      }
      res.writeHead(204).end();
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.SWEETWISH_WEBHOOK_SECRET ?? '';
  createReceiver(secret, (event) => console.log(event.type, JSON.stringify(event.data))).listen(3000);
}
