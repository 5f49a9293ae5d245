import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The remotes: the workspace folders named mf-* (with their src/). */
const REMOTES = readdirSync(root, { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && entry.name.startsWith('mf-') && existsSync(path.join(root, entry.name, 'src')),
  )
  .map((entry) => entry.name)
  .sort();

// Folders of a remote's src/ that are not features: what features share (api/ holds the queries, common/ the
// components, test/ the test kit) and what composes them (expose/, i18n/, routes/).
const NOT_FEATURES = new Set(['api', 'common', 'expose', 'i18n', 'routes', 'test']);

// Feature folders inside a remote: every other folder of its src/, read from the disk so a new feature is
// covered the day it is created. A feature never imports another one: what two features share lives in
// the remote's common/ (test helpers in test/) or in shared-ui / shared-api.
const FEATURES = Object.fromEntries(
  REMOTES.map((pkg) => [
    pkg,
    readdirSync(path.join(root, pkg, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_FEATURES.has(entry.name))
      .map((entry) => entry.name)
      .sort(),
  ]),
);
// Imports across features allowed, as [from, to file]: the detail screen mounts the comments area.
const CROSS_FEATURE_ALLOWED = {
  'mf-qa': [
    ['detail', 'comments/index'],
    ['detail', 'comments'],
  ],
};

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
  // The shell may read a remote's screen list (`@agora/mf-*/screens`) as a type, and its tests may load it.
  ...[...REMOTES, 'shell', 'e2e/fixtures'].map((pkg) => ({
    files: [`${pkg}/src/**/*.{ts,tsx}`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: packagePatterns(pkg) }] },
  })),
  // The same rules plus the feature zones, for the files of each feature folder.
  ...Object.entries(FEATURES).flatMap(([pkg, features]) =>
    features.map((feature) => ({
      files: [`${pkg}/src/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...packagePatterns(pkg), ...featurePatterns(pkg, feature, features)] },
        ],
      },
    })),
  ),
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

/**
 * What any file of `pkg` may not import: antd directly, or another remote (the package or a relative path into
 * it). The shell may read a remote's screen list (the package's ./screens entry) as a type only.
 */
function packagePatterns(pkg) {
  return [
    {
      regex: '^(antd|@ant-design/[^/]+)(/.*)?$',
      message: 'Use @agora/shared-ui entry points: they keep one antd build and one theme.',
    },
    ...REMOTES.filter((r) => r !== pkg).map((r) => ({
      regex: `^(@agora/${r}${pkg === 'shell' ? '(?!/screens$)' : ''}(/.*)?|\\.{1,2}/(.*/)?${r}/.*)$`,
      message: 'A remote never imports another remote.',
    })),
    ...(pkg === 'shell'
      ? [
          {
            regex: '^@agora/mf-[a-z]+/screens$',
            allowTypeImports: true,
            message: "The shell reads a remote's screen list as a type only: a remote is never bundled into it.",
          },
        ]
      : []),
  ];
}

/**
 * A relative import that climbs out of `feature` into a sibling feature folder (`../other/x`, `../../other`).
 * The allowed pairs are left out with a negated pattern.
 */
function featurePatterns(pkg, feature, features) {
  const allowed = (CROSS_FEATURE_ALLOWED[pkg] ?? []).filter(([from]) => from === feature).map(([, to]) => to);
  return features
    .filter((other) => other !== feature)
    .map((other) => {
      const exceptions = allowed.filter((to) => to === other || to.startsWith(`${other}/`));
      // A bare folder pattern would cover its files past any exception: with exceptions, files only.
      const bare = exceptions.length ? [] : [`../${other}`, `../../${other}`, `../../../${other}`];
      return {
        group: [
          ...bare,
          `../${other}/**`,
          `../../${other}/**`,
          `../../../${other}/**`,
          ...exceptions.flatMap((to) => [`!../${to}`, `!../../${to}`, `!../../../${to}`]),
        ],
        message: `A feature never imports another feature (${feature} -> ${other}): move what both need to ${pkg}/src/common/ (tests: ${pkg}/src/test/) or to shared-ui.`,
      };
    });
}
