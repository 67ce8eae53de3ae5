// The half of `npm run db:move` that is not rows or media: what the server on PostgreSQL needs from the data
// folder to keep its sessions and its browsers' push subscriptions. It names secrets' files, never their contents.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import { moveVapidFileToDatabase, vapidFile } from '../push/vapid';

export type KeySources = {
  dataDir: string;
  /** AUTH_SECRET was set for the move (the embedded server signed with it, not with DATA_DIR/auth-secret). */
  hasAuthSecretVariable: boolean;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY were set (the embedded server pushed with them). */
  hasVapidVariables: boolean;
};

/** Moves the push keys into the target and answers the lines that tell the operator what to set. */
export async function carryKeys(sources: KeySources, target: Database): Promise<string[]> {
  return [await pushKeysLine(sources, target), authSecretLine(sources)];
}

async function pushKeysLine(sources: KeySources, target: Database): Promise<string> {
  if (sources.hasVapidVariables) {
    return 'push keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set: set the same two for the server on PostgreSQL';
  }
  const file = vapidFile(sources.dataDir);
  switch (await moveVapidFileToDatabase(sources.dataDir, target)) {
    case 'moved':
      return `push keys: the pair in ${file} is now in the database: push subscriptions keep working`;
    case 'other':
      return `push keys: the database already holds a pair other than ${file}'s: devices must turn push on again`;
    case 'none':
      return `push keys: none yet (no ${file}): the server makes a pair in the database when it starts`;
  }
}

function authSecretLine(sources: KeySources): string {
  if (sources.hasAuthSecretVariable) return 'AUTH_SECRET: set the same AUTH_SECRET for the server on PostgreSQL';
  const file = path.join(sources.dataDir, 'auth-secret');
  if (existsSync(file)) {
    return `AUTH_SECRET: set it to the contents of ${file}, e.g. AUTH_SECRET="$(cat '${file}')": sessions and sign-in links stay valid`;
  }
  return 'AUTH_SECRET: none yet (no auth-secret file): set 32 random characters or more, e.g. AUTH_SECRET="$(head -c 32 /dev/urandom | base64)"';
}
