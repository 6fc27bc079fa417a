// ESLint for the project's JavaScript; tests/web/js_lint_test.sh runs it with
// Prettier (.prettierrc.json) as the CTest web.js_format_and_lint. The tools
// are the JavaScript kit's dev dependencies: `npm ci` in clients/js.
import { createRequire } from 'node:module';

// Resolve the shared configs from the kit's node_modules, not the repo root's.
const require = createRequire(new URL('./clients/js/package.json', import.meta.url));
const js = require('@eslint/js');
const globals = require('globals');

export default [
  { ignores: ['**/node_modules/', 'build/', 'out/'] },
  js.configs.recommended,
  {
    files: ['**/*.mjs'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: {} },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-undef': 'error',
      'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'all' }],
      'prefer-const': 'error',
      eqeqeq: ['error', 'always'],
      // A body that Prettier moves to its own line gets braces.
      curly: ['error', 'multi-line'],
      'no-var': 'error',
    },
  },
  // The pages' modules run in browsers only.
  { files: ['web/js/**/*.mjs'], languageOptions: { globals: globals.browser } },
  // The kit runs in Node and in browsers (the playground's worker imports it).
  {
    files: ['clients/js/ariadne.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // Tests, examples, the kit's runner (run.mjs) and this file run in Node.
  {
    files: [
      'tests/**/*.mjs',
      'clients/js/test/**/*.mjs',
      'clients/js/examples/**/*.mjs',
      'clients/js/run.mjs',
      '*.mjs',
    ],
    languageOptions: { globals: globals.node },
  },
];
