// `npm run db:move -- postgres://…`, step by step: refuse what cannot be moved safely, migrate the target with
// the app's migrations, copy the rows and the media, then check the copy. Prints a line per step.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { s3Storage } from '../../adapters/storage/s3-storage';
import type { Config } from '../../config';
import { type DatabaseHandle, openPglite, openPostgres } from '../../db/client';
import { reconcile } from '../wallet/service';
import { carryKeys } from './keys';
import { copyMedia, mediaKeys } from './media';
import { assertEmptyTarget, compareSequences, compareTables, copyRows, MoveRefused } from './service';

export type MoveOptions = {
  targetUrl: string | undefined;
  dataDir: string;
  s3: Config['s3'];
  /** Whether AUTH_SECRET and the VAPID_* pair were set for the move, rather than kept in DATA_DIR. */
  keys: { hasAuthSecretVariable: boolean; hasVapidVariables: boolean };
  write: (line: string) => void;
};

/** The address without its password, fit to print. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/** Runs the move and answers the exit code: 0 when the copy matches the source and the ledger reconciles. */
export async function runMove(options: MoveOptions): Promise<number> {
  try {
    return await move(options);
  } catch (err) {
    if (!(err instanceof MoveRefused)) throw err;
    options.write(`refused: ${err.message}`);
    return 1;
  }
}

async function move({ targetUrl, dataDir, s3, keys, write }: MoveOptions): Promise<number> {
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    throw new MoveRefused('name the target database: npm run db:move -- postgres://user:password@host:5432/database');
  }
  const sourceDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(sourceDir, 'PG_VERSION'))) {
    throw new MoveRefused(`there is no embedded database at ${sourceDir} (DATA_DIR is ${dataDir}).`);
  }
  // PGlite keeps postmaster.pid in its folder while it has the database open, and removes it on close.
  if (existsSync(path.join(sourceDir, 'postmaster.pid'))) {
    throw new MoveRefused(
      `the embedded database at ${sourceDir} is open (postmaster.pid is there): stop the server first. If no server is running, it stopped without closing the database: start it once and stop it with Ctrl-C, then move.`,
    );
  }

  const target = await openPostgres(targetUrl);
  let source: DatabaseHandle | undefined;
  try {
    await assertEmptyTarget(target.db);
    write(`target: ${redactedUrl(targetUrl)} is empty`);
    source = await openPglite(sourceDir);
    // Both at the app's current schema: the server migrates the embedded database at every start anyway.
    await source.migrate();
    await target.migrate();
    write(`source: ${sourceDir}; both databases migrated`);

    const copies = await copyRows(source.db, target.db).catch((err: unknown) => {
      write(
        'the copy failed and was rolled back: the target now holds the tables but no rows; drop it, create it anew and move again',
      );
      throw err;
    });
    const total = copies.reduce((sum, c) => sum + c.rows, 0);
    write(`copied ${total} rows in ${copies.length} tables`);

    const mediaDir = path.join(dataDir, 'media');
    if (s3) {
      const media = await copyMedia(mediaDir, s3Storage(s3));
      write(
        `media: ${media.copied} files copied to bucket ${s3.bucket}${s3.keyPrefix ? ` under ${s3.keyPrefix}` : ''}`,
      );
      for (const key of media.skipped) write(`media: skipped ${key} (not a file the server stores)`);
    } else {
      const count = (await mediaKeys(mediaDir)).length;
      write(`media: ${count} files stay in ${mediaDir} (set S3_* to copy them to a bucket)`);
    }

    let isOk = true;
    const ledger = await reconcile(target.db);
    write(`reconciliation: ${ledger.lines.join('; ')}`);
    isOk &&= ledger.isOk;
    for (const t of await compareTables(source.db, target.db)) {
      const isSame = t.sourceRows === t.targetRows && t.isSameContent;
      isOk &&= isSame;
      write(
        `${isSame ? 'same' : 'DIFFERENT'} ${t.table}: ${t.sourceRows} rows in the source, ${t.targetRows} in the target${
          t.sourceRows === t.targetRows && !t.isSameContent ? ', contents differ' : ''
        }`,
      );
    }
    for (const line of await compareSequences(source.db, target.db)) {
      isOk = false;
      write(`DIFFERENT ${line}`);
    }
    if (!isOk) {
      write('the copy differs from the source: do not use it');
      return 1;
    }
    for (const line of await carryKeys({ dataDir, ...keys }, target.db)) write(line);
    write(
      `moved: start the server with DATABASE_URL=${redactedUrl(targetUrl)} (its password too) and that AUTH_SECRET`,
    );
    return 0;
  } finally {
    await source?.close();
    await target.close();
  }
}
