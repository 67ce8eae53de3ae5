import { pino } from 'pino';

export type Logger = pino.Logger;

/** JSON lines on stdout. Secrets never reach a log line: the redact list covers the fields that carry them. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token', '*.secret'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
