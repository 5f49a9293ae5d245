import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mf-qa', 'mf-users', 'mf-review', 'mf-admin', 'mf-install'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      '**/storybook-static/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.tools/**',
      'data/**',
      '.e2e-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  // Imports flow one way: shared-* <- mf-* <- shell. Remotes and the shell reach antd only through shared-ui.
  ...[...REMOTES, 'shell', 'e2e/fixtures'].map((pkg) => ({
    files: [`${pkg}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(antd|@ant-design/[^/]+)(/.*)?$',
              message: 'Use @agora/shared-ui entry points: they keep one antd build and one theme.',
            },
            ...REMOTES.filter((r) => r !== pkg).map((r) => ({
              group: [`@agora/${r}`, `@agora/${r}/*`, `**/${r}/**`],
              message: 'A remote never imports another remote.',
            })),
          ],
        },
      ],
    },
  })),
  {
    files: ['shared-api/src/**/*.{ts,tsx}', 'shared-ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@agora/mf-*', '@agora/shell'], message: 'shared-* never imports an app.' }] },
      ],
    },
  },
);
