/**
 * The child process of one image job (image-jobs.ts starts it): it takes one job over IPC, runs the image
 * pipeline on it, answers and exits. Everything an uploaded file makes libvips and librsvg do happens here, so
 * the server can kill it at the time limit, and this process kills itself when its memory passes the limit.
 */
import sharp from 'sharp';
import { AppError } from '../../errors';
import { type PipelineKind, type ProcessedImage, processImage } from './image-pipeline';

export type ImageJob = { input: Uint8Array; kinds: PipelineKind[]; memoryLimitBytes: number };
export type ImageJobAnswer =
  | { isDone: true; images: ProcessedImage[] }
  | { isDone: false; code: AppError['code']; message: string };

/** How often the memory is looked at: librsvg can allocate a few hundred MB in that time, not gigabytes. */
const MEMORY_CHECK_MS = 10;

// One job per process: nothing is worth caching, and one libvips thread keeps the job to one core.
sharp.cache(false);
sharp.concurrency(1);

// The server went away (it stopped or crashed): nobody waits for the answer.
process.on('disconnect', () => process.exit(1));

process.once('message', (job: ImageJob) => {
  const checkMemory = () => {
    if (process.memoryUsage.rss() > job.memoryLimitBytes) process.kill(process.pid, 'SIGKILL');
  };
  // Checked before the work starts too: on a busy machine a small job could finish before the first tick.
  checkMemory();
  // The work runs on libuv's threads, so this timer keeps firing while librsvg draws.
  setInterval(checkMemory, MEMORY_CHECK_MS).unref();
  run(job).then(
    (answer) => process.send?.(answer, () => process.exit(0)),
    () => process.exit(1),
  );
});

async function run(job: ImageJob): Promise<ImageJobAnswer> {
  try {
    const images: ProcessedImage[] = [];
    for (const kind of job.kinds) images.push(await processImage(job.input, kind));
    return { isDone: true, images };
  } catch (err) {
    if (err instanceof AppError) return { isDone: false, code: err.code, message: err.message };
    throw err;
  }
}
