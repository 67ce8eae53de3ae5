import { defineConfig } from 'vitest/config';

// A run of its own for scripts/test-counts.test.ts: one test of each outcome, retried once.
export default defineConfig({ test: { include: ['outcomes.check.ts'], retry: 1 } });
