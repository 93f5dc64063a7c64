import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const dirsIn = (rel) =>
  readdirSync(new URL(rel, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const clientFeatures = dirsIn('./src/client/features');
const serverModules = dirsIn('./src/server/modules');

/** Import boundaries (CONVENTIONS.md §1): shared imports neither side; features do not import each other. */
const boundaries = [
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/client/**', 'node:*', 'fastify', 'react', 'react-dom'], message: 'src/shared must not import server, client, Node or DOM code' }] },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/client/**', 'react', 'react-dom', 'antd'], message: 'the server must not import client code' }] }],
    },
  },
  {
    // The stream layer depends on small interfaces declared beside it, never on a business module (CONVENTIONS.md).
    files: ['src/server/stream/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**', 'react', 'react-dom', 'antd'], message: 'the server must not import client code' },
            { group: ['**/modules/**', '**/sim/**'], message: 'the stream layer must not import business modules or the simulator' },
          ],
        },
      ],
    },
  },
  {
    // CONVENTIONS.md "Business code does not reach across": demo data is seeded from src/server/demo, never from a
    // module; a module reaches another only through that module's declared interface, its port.ts.
    files: ['src/server/modules/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/server/modules',
              from: './src/server/sim',
              message: 'business modules do not import the simulator; demo seeding belongs in src/server/demo',
            },
            ...serverModules.map((m) => ({
              target: `./src/server/modules/${m}`,
              from: './src/server/modules',
              except: [`./${m}`, './module.ts', ...serverModules.filter((o) => o !== m).map((o) => `./${o}/port.ts`)],
              message: 'a module imports another module only through its port.ts (ARCHITECTURE.md §9)',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', 'node:*', 'fastify', 'kysely', 'better-sqlite3', 'pg'], message: 'the client must not import server code' }] }],
    },
  },
  {
    files: ['src/client/features/*/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // One zone per feature (bulletproof-react style): the rule cannot say "same folder" with globs.
          zones: clientFeatures.map((f) => ({
            target: `./src/client/features/${f}`,
            from: './src/client/features',
            except: [`./${f}`],
            message: 'client features do not import each other; the app composes them',
          })),
        },
      ],
    },
  },
];

/**
 * A user-facing string is a message code rendered in one language; a literal
 * joining Chinese and English ("中文 / English") is a defect (CONVENTIONS.md,
 * "Messages are codes"). esquery regexes cannot hold a slash, hence \x2F.
 */
const twoLanguages = '[\\u4e00-\\u9fff][^\\n]*\\s\\x2F\\s+[A-Za-z]{2}';
const oneLanguagePerString = {
  files: ['src/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: `Literal[value=/${twoLanguages}/]`, message: 'Two languages in one string: use a message code (src/shared/messages) or a translation.' },
      { selector: `TemplateElement[value.raw=/${twoLanguages}/]`, message: 'Two languages in one string: use a message code (src/shared/messages) or a translation.' },
    ],
  },
};

export default tseslint.config(
  { ignores: ['.scratch/**', 'dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'map-styles/**', 'models/**', 'dashboards/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: 'error',
      'import-x/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['tests/**', 'e2e/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // Issue 17: a test makes its own data with the factories (tests/helpers/factories.ts), never from the simulator;
    // the simulator's own tests sit beside it in src/server/sim.
    files: ['tests/**', 'e2e/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: ['./tests', './e2e'], from: './src/server/sim', message: 'tests make their data with tests/helpers/factories.ts, not with the simulator' }] },
      ],
    },
  },
  {
    // Issue 17: a service of one job, a page of one screen. A file that grows past this is split by what it does.
    files: ['src/server/modules/**', 'src/server/stream/**', 'src/client/stream/**', 'src/client/features/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 650 }] },
  },
  ...boundaries,
  oneLanguagePerString,
);
