import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { startServer } from './server';

/**
 * The longest a shutdown may take after its drain (SHUTDOWN_DRAIN_SECONDS): requests in flight get 10 s (server.ts), then the workers finish the job
 * under way. Past this, the process exits anyway, so a supervisor's stop never hangs; a job it held is
 * recovered by another instance when its lease ends.
 */
const SHUTDOWN_LIMIT_MS = 25_000;

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const server = await startServer(config, logger).catch((err: unknown) => {
    logger.fatal({ err }, 'could not start');
    process.exit(1);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(
        () => {
          logger.error('shutdown took too long; exiting');
          process.exit(1);
        },
        config.shutdownDrainSeconds * 1000 + SHUTDOWN_LIMIT_MS,
      ).unref();
      server.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

void main();
