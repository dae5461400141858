import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_FEATURES = 'apps/web/src/features';
const webFeatures = readdirSync(new URL(WEB_FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Features never import each other: what two use lives in shared/, and app/routes.tsx composes them.
const featureBoundaries = webFeatures.map((feature) => ({
  files: [`${WEB_FEATURES}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}(/|$))`,
            message: 'Features do not import each other: move what several features use into apps/web/src/shared/.',
          },
          {
            regex: '^\\.\\./\\.\\./',
            message: 'A relative import stays inside its feature; reach shared code through @/shared/.',
          },
        ],
      },
    ],
  },
}));

const SERVER_MODULES = 'apps/server/src/modules';
const serverModules = readdirSync(new URL(SERVER_MODULES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A server module reaches another only through its door: its index.ts, or its service.
const moduleDoors = serverModules.map((module) => ({
  files: [`${SERVER_MODULES}/${module}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^\\.\\./(?!${module}/)[^/.]+/(?!index$|[^/]+\\.service$)`,
            message:
              "Modules reach each other only through a module's index.ts or its service: export what is needed there.",
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Playwright fixtures must destructure their (unused) dependencies with an object pattern.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  ...featureBoundaries,
  ...moduleDoors,
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@/features/', message: 'shared/ serves the features and imports none of them.' }] },
      ],
    },
  },
  {
    // A replacement takes only where its module is imported after it: vitest.config.ts gives these
    // files a module registry each, going by their name.
    files: ['**/*.test.{ts,tsx}'],
    ignores: ['**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'A test file that replaces a module runs isolated: name it *.isolated.test.ts(x).',
        },
      ],
    },
  },
);
