import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StateStore, type TransferObject } from './sandbox-state';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function stateFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-sandbox-state-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'state.json');
}

/** Enough of a transfer for the store, which keeps whatever it is given. */
const transfer = (id: string) => ({ id, object: 'transfer' }) as TransferObject;

describe('StateStore', () => {
  it('writes the latest state when saves overlap, and reads it back', async () => {
    const file = stateFile();
    const store = new StateStore(file);
    const saves: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      store.state.transfers[`tr_${i}`] = transfer(`tr_${i}`);
      saves.push(store.save());
    }
    await Promise.all(saves);
    expect(Object.keys(new StateStore(file).state.transfers)).toEqual(['tr_0', 'tr_1', 'tr_2', 'tr_3', 'tr_4']);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['state.json']);

    store.state.transfers.tr_5 = transfer('tr_5');
    await store.save();
    expect(Object.keys(new StateStore(file).state.transfers)).toHaveLength(6);
  });

  it('refuses a state file that is not its own', () => {
    const file = stateFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"hello":1}');
    expect(() => new StateStore(file)).toThrow(/unknown format/);
  });
});
