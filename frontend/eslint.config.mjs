// ESLint (run by scripts/test): the JavaScript and TypeScript recommendations, React's hooks
// rules, and the layers of the architecture page: components/, lib/, hooks/ and i18n/ import
// nothing from features/ or pages/; a feature never imports another feature; pages compose.
import fs from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = fs.readdirSync(new URL("./src/features", import.meta.url));

/** `no-restricted-imports` patterns that keep `from` away from the given folders of src/. */
const forbid = (folders, message) => ({
  "no-restricted-imports": ["error", { patterns: folders.map((f) => ({ group: [`**/${f}`, `**/${f}/**`], message })) }],
});

/** The same for a feature's siblings, also when the path only climbs to them
 * (`../../accounts/api` from `features/dashboard/components/`). */
const forbidSiblings = (siblings, message) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: siblings.map((f) => ({
        group: [`**/features/${f}`, `**/features/${f}/**`, `../${f}`, `../${f}/**`, `../../${f}`, `../../${f}/**`],
        message,
      })).concat([{ group: ["**/pages", "**/pages/**"], message }]),
    },
  ],
});

export default tseslint.config(
  { ignores: ["dist/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs["recommended-latest"].rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/components/**", "src/lib/**", "src/hooks/**", "src/i18n/**"],
    rules: forbid(["features", "pages"], "Shared code does not depend on features or pages (ui → features → pages)."),
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: forbidSiblings(
      features.filter((f) => f !== feature),
      "A feature never imports another feature or a page: move what both need to lib/ or components/.",
    ),
  })),
  {
    files: ["test/**/*.mjs", "*.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Browser tests and checks run in Node, and the functions they hand to page.evaluate run
    // in the page.
    files: ["e2e/**/*.mjs", "scripts/**/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
