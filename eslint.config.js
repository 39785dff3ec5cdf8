// Lint: ESLint with typescript-eslint (syntax rules, no type information, to stay fast on 2 cores).
// Import direction (docs/architecture.md) is enforced with no-restricted-imports per layer.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The contract imports nothing of ours and does no I/O.
  { files: ['packages/contract/src/**'], rules: restrict([{ group: ['**/apps/**', 'fastify', 'react', 'node:*', 'drizzle-orm*'], message: 'The contract is pure: schemas, constants, rules.' }]) },
  // Web: app -> features -> ui -> api/lib.
  { files: ['apps/web/src/ui/**'], rules: restrict([{ group: ['**/features/**', '**/app/**'], message: 'ui/ knows no domain: import it from features, not the other way.' }]) },
  { files: ['apps/web/src/features/**'], rules: restrict([{ group: ['**/app/router*', '**/app/App*'], message: 'Features do not import the router.' }]) },
  { files: ['apps/web/src/api/**', 'apps/web/src/lib/**'], rules: restrict([{ group: ['**/features/**', '**/ui/**', '**/app/**'], message: 'api/ and lib/ sit at the bottom.' }]) },
  // Server: routes -> service -> repo; repositories never see HTTP.
  { files: ['apps/server/src/modules/*/repo.ts'], rules: restrict([{ group: ['fastify', '**/http/**', '**/service.ts', '**/routes.ts'], message: 'repo.ts holds Drizzle queries only.' }]) },
  { files: ['apps/server/src/modules/*/service.ts'], rules: restrict([{ group: ['fastify', '**/routes.ts'], message: 'service.ts has no request or reply objects.' }]) },
);
