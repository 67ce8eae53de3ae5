import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { IMAGES_BUSY_MESSAGE, UPLOAD_ERROR_MESSAGE } from '@sweetwish/shared/media';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import type { PipelineKind, ProcessedImage } from './image-pipeline';
import type { ImageJob, ImageJobAnswer } from './image-worker';

/** Runs the image pipeline on an uploaded file, bounded; one output per kind asked for, in that order. */
export type ImageJobs = {
  process(input: Uint8Array, kinds: PipelineKind[]): Promise<ProcessedImage[]>;
  /** Jobs whose process is alive, and jobs waiting for a place. */
  load(): { running: number; waiting: number };
};

export type ImageJobLimits = {
  /** Jobs running at once on this instance: each is one process on one core. */
  concurrency: number;
  /** Jobs waiting for a place; one more is refused at once (429) rather than piling up. */
  queueLength: number;
  /**
   * A job still running then is killed and its upload refused. A job still waiting after twice as long is
   * refused as busy: the jobs ahead of it have had their time by then, so only a stuck queue gets there.
   */
  timeoutMs: number;
  /** A job whose process takes more memory is killed and its upload refused. */
  memoryLimitBytes: number;
};

/**
 * Legitimate uploads take well under a second and under 150 MB (a 40-million-pixel PNG); the limits leave
 * room for a slow machine, and the worst an upload can cost is one core for 20 s and 512 MB.
 */
export const DEFAULT_IMAGE_JOB_LIMITS: ImageJobLimits = {
  concurrency: availableParallelism(),
  queueLength: availableParallelism(),
  timeoutMs: 20_000,
  memoryLimitBytes: 512 * 1024 * 1024,
};

// From source (tests, development) the worker is TypeScript run through tsx; from the bundle it is
// dist/image-worker.js beside dist/main.js (build.mjs).
const isSource = import.meta.url.endsWith('.ts');
const WORKER = fileURLToPath(new URL(isSource ? './image-worker.ts' : './image-worker.js', import.meta.url));
const WORKER_EXEC_ARGV = [
  // The worker's own JavaScript is small; the limit that matters is its total memory, checked in the worker.
  '--max-old-space-size=256',
  ...(isSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : []),
];

/**
 * Image work in child processes (issue 16: one SVG held the server 27 s and 3 GB, beyond sharp's own timeout,
 * which librsvg does not honour). Each job is a new process, so a killed or bloated one leaves nothing behind.
 */
export function createImageJobs(options: Partial<ImageJobLimits> & { logger?: Logger } = {}): ImageJobs {
  const limits = { ...DEFAULT_IMAGE_JOB_LIMITS, ...options };
  let running = 0;
  const waiting: (() => void)[] = [];

  /** Takes a place, waiting in the queue if need be; refuses when the queue is full or the wait too long. */
  async function takePlace(): Promise<void> {
    if (running < limits.concurrency) {
      running++;
      return;
    }
    if (waiting.length >= limits.queueLength) throw new AppError('RATE_LIMITED', IMAGES_BUSY_MESSAGE);
    await new Promise<void>((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(new AppError('RATE_LIMITED', IMAGES_BUSY_MESSAGE));
      }, 2 * limits.timeoutMs);
      waiting.push(start);
    });
  }

  /** Hands the place to the next job waiting, if any. */
  function releasePlace() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  return {
    load: () => ({ running, waiting: waiting.length }),
    async process(input, kinds) {
      await takePlace();
      const job = startJob({ input, kinds, memoryLimitBytes: limits.memoryLimitBytes }, limits.timeoutMs);
      // The place is free only once the process is gone, so the limit counts every process alive.
      void job.exited.then(releasePlace);
      try {
        return await job.answer;
      } catch (err) {
        if (!(err instanceof AppError)) options.logger?.warn({ err }, 'an image job failed; its upload was refused');
        throw err instanceof AppError ? err : new AppError('VALIDATION', UPLOAD_ERROR_MESSAGE);
      }
    },
  };
}

/** One job in its own process: the answer, or a refusal at the time limit (the process is killed then). */
function startJob(job: ImageJob, timeoutMs: number): { answer: Promise<ProcessedImage[]>; exited: Promise<void> } {
  const child: ChildProcess = fork(WORKER, [], {
    execArgv: WORKER_EXEC_ARGV,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const answer = new Promise<ProcessedImage[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`image job killed at the ${timeoutMs} ms limit`));
    }, timeoutMs);
    child.once('message', (reply: ImageJobAnswer) => {
      clearTimeout(timer);
      if (reply.isDone) resolve(reply.images.map((image) => ({ ...image, bytes: new Uint8Array(image.bytes) })));
      else reject(new AppError(reply.code, reply.message));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // Settled already when it answered; otherwise it died: over the memory limit, or a crash in a decoder.
      reject(new Error(`image job ended without an answer (exit ${code ?? signal})`));
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  child.send(job);
  return { answer, exited };
}
