import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * Import boundaries. An API module is reached only through its index.ts (its public surface); a web
 * feature imports only `features/auth`'s index (the session every screen relies on) and `shared/`,
 * and `shared/` imports no feature. The app layer composes features and is not restricted.
 */
const boundaries = [
  ...foldersIn('./apps/api/src/modules/').map((name) => ({
    target: [
      './apps/api/src/*.ts',
      './apps/api/src/!(modules)/**/*',
      `./apps/api/src/modules/!(${name})/**/*`,
    ],
    from: `./apps/api/src/modules/${name}`,
    except: ['./index.ts'],
    message: `Import the ${name} module through modules/${name}/index.ts.`,
  })),
  ...foldersIn('./apps/web/src/features/').map((name) => ({
    target: `./apps/web/src/features/!(${name})/**/*`,
    from: `./apps/web/src/features/${name}`,
    ...(name === 'auth' ? { except: ['./index.ts'] } : {}),
    message:
      name === 'auth'
        ? 'Features use the session through features/auth/index.ts.'
        : 'Features do not import each other: move what both need to shared/.',
  })),
  {
    target: './apps/web/src/shared/**/*',
    from: './apps/web/src/features',
    message: 'shared/ is below the features: it imports none of them.',
  },
  // The back office and the member app share no code but the contracts (and the member app's date and
  // money formatting, apps/admin/src/shared/format.ts): the member bundle must never pull in the admin.
  {
    target: './apps/web/**/*',
    from: './apps/admin',
    message: 'The member app never imports the back office (its bundle budget does not move).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Only our own modules can form cycles; never parse dependencies.
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: globals.browser },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', 'e2e/**', 'apps/api/**', '*.js', '*.ts'],
    languageOptions: { globals: globals.node },
  },
);
