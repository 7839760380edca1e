import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '.e2e'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // The jsx-a11y rules, from the fork that supports ESLint 10 (the original
    // eslint-plugin-jsx-a11y accepts ESLint up to 9 only).
    files: ['src/**/*.tsx'],
    extends: [jsxA11y.configs.recommended],
    rules: {
      // Option cards put their text three levels down (label > span > strong).
      'jsx-a11y-x/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // Features do not import each other: inside a feature, relative imports
    // stay in the feature and shared code comes from @/lib or @/components.
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', '../../*', '../../**'],
              message:
                'Features do not import each other or the app; share through @/components or @/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**', 'src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**'],
              message: 'Shared code does not know features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**', 'e2e-cluster/**', 'e2e-real/**', 'scripts/**', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
