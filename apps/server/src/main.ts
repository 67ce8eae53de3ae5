import { loadConfigOrExit } from './config';
import { createLogger } from './logger';
import { startServer } from './server';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const server = await startServer(config, logger).catch((err: unknown) => {
    logger.fatal({ err }, 'could not start');
    process.exit(1);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
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
