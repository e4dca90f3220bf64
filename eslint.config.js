// Lint rules, including the import direction of DESIGN.md §3 and
// docs/decisions/020-core-and-features.md:
// lib, db -> components, core -> features -> routes; a feature never imports another feature;
// inside core, receipts may read payments, and payments reads neither receipts nor students.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";

const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Layers: lower ones never reach up. These hold for tests too. */
const layerZones = [
  // The shared UI kit sits below every feature: it takes data and callbacks, never fetches or knows a domain.
  { target: "./app/components", from: ["./app/features", "./app/routes", "./app/db", "./app/core"], message: "app/components is the shared UI kit: it must not import features, routes, db or core (DESIGN.md §3)." },
  { target: "./app/lib", from: ["./app/core", "./app/features", "./app/routes", "./app/db"], message: "app/lib is the bottom layer (DESIGN.md §3)." },
  { target: "./app/db", from: ["./app/core", "./app/features", "./app/routes"], message: "app/db must not import core, features or routes (DESIGN.md §3)." },
  { target: "./app/core", from: ["./app/features", "./app/routes"], message: "Core services never import a feature or a route: a feature brings its own handler (docs/decisions/020-core-and-features.md)." },
  { target: "./app/core/payments", from: ["./app/core/receipts", "./app/core/students"], message: "The payment core knows orders, not what they buy: a purpose's handler issues the receipt (docs/decisions/020-core-and-features.md)." },
  { target: "./app/core/students", from: ["./app/core/payments", "./app/core/receipts"], message: "The roll does not depend on payments or receipts (docs/decisions/020-core-and-features.md)." },
  { target: "./app/core/messages", from: ["./app/core/payments", "./app/core/receipts", "./app/core/students"], message: "The outbox knows messages, not what they are about: the event's owner enqueues them (docs/decisions/022-messages.md)." },
  { target: "./content", from: ["./app", "./server"], message: "content/ holds data only (DESIGN.md §3)." },
];

/** What shipped code may not import; a test may reach across to set up a seam it checks. */
const isolationZones = [
  { target: ["./app/core", "./app/features"], from: "./app/routes", message: "Core and features must not import routes: routes compose features (DESIGN.md §3)." },
  // The payment composition (each feature's purpose in one table) sits above the features.
  { target: ["./app/core", "./app/features", "./app/lib", "./app/db"], from: "./app/payment-purposes.server.ts", message: "Only routes and the server use the composed payment service (docs/decisions/020-core-and-features.md)." },
  { target: ["./app/core", "./app/features", "./app/lib", "./app/db"], from: "./app/messages.server.ts", message: "Only routes and the server use the composed messages worker (docs/decisions/022-messages.md)." },
  // A feature never imports another feature.
  ...features.map((name) => ({
    target: `./app/features/${name}`,
    from: "./app/features",
    except: [`./${name}`],
    message: "A feature never imports another feature; use a core service or compose them in a route (DESIGN.md §3).",
  })),
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "audit-results/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...isolationZones] }],
      "import-x/no-cycle": "error",
      "import-x/no-unresolved": ["error", { ignore: ["^virtual:", "/build/server/index\\.js$"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    // Request bodies are read only through app/lib/request-body.server.ts, with the route's limit.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/lib/request-body.server.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name=/^(formData|json|text|arrayBuffer|blob|bytes)$/]",
          message: "Read request bodies with readForm/readBody (app/lib/request-body.server.ts): they cap what is read.",
        },
      ],
    },
  },
  {
    // Code the browser may load never pulls in a table module or the database client: Drizzle's
    // tables belong on the server (*.server.ts). Types are fine; they vanish at build.
    files: ["app/core/**/*.{ts,tsx}", "app/features/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    ignores: ["**/*.server.ts", "**/*.test.ts", "**/*.test.tsx", "**/testing/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/db/schema/*", "~/db/client.server", "drizzle-orm", "drizzle-orm/*"], allowTypeImports: true, message: "Table modules and the database client are server-only: import them from a *.server.ts module." },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
    },
  },
);
