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
  },
  {
    files: ["app/**/*.{ts,tsx}", "**/*.tsx"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
  },
);
