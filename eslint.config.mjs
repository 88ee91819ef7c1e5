// Flat config: type-aware typescript-eslint, plus the architecture boundary:
// core, simulator, shared, tools and mcp never import the editor API; mcp never imports host.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';

// Host modules that stay free of the editor API, so plain-Node unit tests import them: their rule
// is checked here, not only promised in their header comment. A new vscode-free host file joins this list.
const VSCODE_FREE_HOST = [
  'src/host/balance/{balanceView,estimate,format,model}.ts',
  'src/host/bundles/{coreLoader,simulatorLoader}.ts',
  'src/host/commands/{manifest,menuWhen,panelArgs,profileArg,readCall,runCommand,signInInput}.ts',
  'src/host/platform/{lifecycle,monthLabel,pureL10n,redactingLogger,reported}.ts',
  'src/host/profile/{credentials,instanceList,profileData,profileList,settings}.ts',
  'src/host/sms/{draft,history,rawAnswers,smsField}.ts',
  'src/host/months/{monthCache,sessionCache,storedMonths}.ts',
  'src/host/watch/{alertRules,clock,engine,projectedLine,readings,schedule,stored,unusualDay,watchAlerts,watchService}.ts',
  'src/host/demo/demoService.ts',
  // All but the page writer and the panel service (what commands may do with a panel, vscode's types in its words).
  'src/host/webviews/!(panelPage|panelService).ts',
  'src/host/webviews/overview/!(exportOverview).ts',
  // A panel kind's folder: all but its registration (what the shell needs), the registration's type (kind.ts) and the
  // kinds' pages handed to the page writer.
  'src/panels/!(kind|pages).ts',
  'src/panels/*/!(registration).ts',
  'src/panels/*/page/**',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      '.cache/**',
      'node_modules/**',
      'docs/**',
      '**/*.vsix',
      'test/e2e/fixtures/**/*.js',
      'test/fixtures/exportsProbe/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/core/**', 'src/simulator/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vscode',
              message:
                'core, simulator and shared stay free of the editor API; only the shell (src/shell, src/extension.ts) and src/host import vscode.',
            },
          ],
        },
      ],
    },
  },
  {
    // The tool core serves both doors (chat and MCP): no editor API, nothing of a door.
    files: ['src/tools/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'src/tools is shared with the MCP server; it never imports the editor API.' }],
          patterns: [
            {
              regex: '^(\\.\\./)+(host|mcp)/',
              message: 'src/tools is the core of both doors; a door (src/host/chat, src/mcp) imports it, never the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    // The MCP server runs in plain Node outside the editor: no editor API and nothing of the host (what it
    // shares with the chat tools lives in src/tools).
    files: ['src/mcp/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'src/mcp runs outside the editor; it never imports the editor API.' }],
          patterns: [{ regex: '^(\\.\\./)+host/', message: 'src/mcp never imports src/host; what both doors share lives in src/tools.' }],
        },
      ],
    },
  },
  {
    files: VSCODE_FREE_HOST,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'this host module is vscode-free (VSCODE_FREE_HOST): plain-Node unit tests import it.' }],
        },
      ],
    },
  },
  {
    // Service and user text reaches most of these; a pattern that backtracks super-linearly lets one answer stall the editor.
    files: ['src/**'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['src/webview/**', 'src/panels/*/page/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.mjs', 'test/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
