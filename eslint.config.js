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
  // Imports flow one way: shared-* <- mf-* <- shell. Remotes and the shell reach antd only through shared-ui.
  // The shell may read a remote's screen list (`@agora/mf-*/screens`) as a type, and its tests may load it.
  ...[...REMOTES, 'shell', 'e2e/fixtures'].map((pkg) => ({
    files: [`${pkg}/src/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(antd|@ant-design/[^/]+)(/.*)?$',
              message: 'Use @agora/shared-ui entry points: they keep one antd build and one theme.',
            },
            ...REMOTES.filter((r) => r !== pkg).map((r) => ({
              // The package (for the shell: all of it but its screen list) or a relative path into it.
              regex: `^(@agora/${r}${pkg === 'shell' ? '(?!/screens$)' : ''}(/.*)?|\\.{1,2}/(.*/)?${r}/.*)$`,
              message: 'A remote never imports another remote.',
            })),
            ...(pkg === 'shell'
              ? [
                  {
                    regex: '^@agora/mf-[a-z]+/screens$',
                    allowTypeImports: true,
                    message:
                      "The shell reads a remote's screen list as a type only: a remote is never bundled into it.",
                  },
                ]
              : []),
          ],
        },
      ],
    },
  })),
  {
    // The route table's test checks that the shell routes to every screen each remote lists.
    files: ['shell/src/app/router/route-table.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
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
