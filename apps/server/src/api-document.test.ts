import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiDocument } from './api-document';

const SRC = import.meta.dirname;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

type Operation = { operationId?: string; summary?: string; tags?: string[]; security?: unknown[] };

function operations() {
  return Object.entries(apiDocument().paths ?? {}).flatMap(([route, methods]) =>
    Object.entries(methods as Record<string, Operation>)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${route}`, operation })),
  );
}

describe('the API document (built from the contracts alone)', () => {
  it('includes every contract file of every module', () => {
    const modules = path.join(SRC, 'modules');
    const files = fs
      .readdirSync(modules)
      .flatMap((m) => fs.readdirSync(path.join(modules, m)).map((f) => `./modules/${m}/${f.replace(/\.ts$/, '')}`))
      .filter((f) => /(?:^|\/|-)contract$/.test(f));
    const builder = fs.readFileSync(path.join(SRC, 'api-document.ts'), 'utf8');
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(builder, file).toContain(`from '${file}'`);
  });

  it('gives every operation a unique operationId, a summary, a tag and its security', () => {
    const ids = new Set<string>();
    for (const { name, operation } of operations()) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(operation.operationId ?? ''), `${name}: ${operation.operationId} twice`).toBe(false);
      ids.add(operation.operationId ?? '');
      expect(operation.summary, name).toBeTruthy();
      expect(operation.tags, name).toHaveLength(1);
      expect(operation.security, name).toBeDefined();
    }
  });
});
