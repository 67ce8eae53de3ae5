import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, TEST_ORIGIN } from '../../../test/app-harness';
import { type DatabaseKind, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { DatabaseHandle } from '../../db/client';

// What the image bounds suites share: the app on a fresh database, people, and the ways they send images.

export const HOUR_MS = 60 * 60 * 1000;

const BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnjLEHV6nWB';

export type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/**
 * The app on a fresh database of `kind`, its object storage and people, and the upload and message image
 * requests: registers the suite's beforeAll/afterAll and returns them.
 */
export function useImageBoundsSuite(kind: DatabaseKind) {
  let database: DatabaseHandle;
  let app: App;
  let storage: ObjectStorage;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    ({ app, storage } = await buildTestApp(database));
    people = peopleOn(app, database);
  });
  afterAll(() => database.close());

  function upload(person: Person, bytes: Uint8Array, kind = 'wish', to = app) {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], 'upload.svg', { type: 'image/svg+xml' }));
    form.append('kind', kind);
    return to.request('/api/media/images', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: person.cookie },
      body: form,
    });
  }

  async function conversationOf(fan: Person) {
    const creator = await people.newPerson();
    const { tipId } = await people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount: 25, isAnonymous: false }),
      201,
    );
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    return conversationId;
  }

  function sendImage(person: Person, conversationId: string, bytes: Uint8Array) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'photo.svg');
    form.append('blurhash', BLURHASH);
    return app.request(`/api/conversations/${conversationId}/images`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: person.cookie },
      body: form,
    });
  }

  return {
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    get storage() {
      return storage;
    },
    get people() {
      return people;
    },
    upload,
    conversationOf,
    sendImage,
  };
}
