import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests of one file's own pieces may sit beside it (the simulator, the record UI pieces); the rest live in tests/.
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    // Test files of one worker share its module cache: the server's module graph is imported once
    // per worker instead of once per file (vitest 415 s -> 251 s; imports 174 s -> 12 s). Every test
    // starts its own server and store; a test that changes process.env or globals restores them.
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
