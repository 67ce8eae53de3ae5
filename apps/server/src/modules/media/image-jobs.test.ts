import { describe, expect, it } from 'vitest';
import { createImageJobs } from './image-jobs';
import { solidImage } from './test-images';

// Each job starts a process (through tsx from source): seconds each on a busy machine.
describe('image jobs', { timeout: 30_000 }, () => {
  it('kills a job whose process passes the memory limit, and refuses its upload', async () => {
    const png = await solidImage(400, 300, 'png');
    // Node alone takes more than 32 MB: the limit is passed as soon as the job starts.
    const starved = createImageJobs({ memoryLimitBytes: 32 * 1024 * 1024 });
    await expect(starved.process(png, ['wish'])).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Error uploading file',
    });
    expect(starved.load()).toEqual({ running: 0, waiting: 0 });

    const [image] = await createImageJobs().process(png, ['wish', 'message-thumb']);
    expect(image).toMatchObject({ width: 400, height: 300, contentType: 'image/jpeg' });
  });

  it('answers the pipeline’s own refusal as it is', async () => {
    const text = new TextEncoder().encode('not an image at all\n'.repeat(20));
    await expect(createImageJobs().process(text, ['photo'])).rejects.toMatchObject({
      name: 'AppError',
      code: 'VALIDATION',
      message: 'Error uploading file',
    });
  });
});
