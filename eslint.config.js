// ESLint (flat config): type-aware typescript-eslint, the React hooks rules (with the compiler-era ones) and jsx-a11y.
// Why these and not another linter, and why each relaxed rule is relaxed: docs/decisions/0028-feature-folders-and-import-rules.md.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // Generated, vendored or not ours.
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      ".wrangler/",
      ".tmp/",
      "worker-configuration.d.ts",
      "seed/media/",
      "public/",
      "test-results/",
      "playwright-report/",
    ],
  },
  {
    // The plain JavaScript config files at the root (this one, dependency-cruiser's): Node, no type information.
    files: ["**/*.{js,cjs,mjs}"],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // The regular expressions that name control characters are the ones that refuse or strip them (a single-line
      // field, a file name, a header, a search term, ANSI colours in a test's output): matching them is the point.
      "no-control-regex": "off",
      // `const { password: _password, ...kept } = fields` is how this code copies an object without some keys.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // React Router's own way out of a loader or an action: throw redirect(...) (a Response) or data(null, { status: 404 }).
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "**/*.tsx"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // A table wider than the screen scrolls sideways in <div class="table-scroll" role="region" aria-label… tabIndex={0}>:
      // axe's scrollable-region-focusable (in the e2e scans) wants such a region reachable by keyboard, so a named
      // region may take tabIndex too (tabpanel: the recommended config's own exception).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    files: ["tests/**/*.{ts,tsx}"],
    rules: {
      // Vitest types its asymmetric matchers (expect.any(Number), expect.stringMatching(…), expect.objectContaining(…))
      // as `any` by design, and each one inside an expected object counts as an unsafe assignment: ~60 reports of
      // nothing. The rest of no-unsafe-* (member access, call, return, argument) still hold in the tests.
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },
);
