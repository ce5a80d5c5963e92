// The import rules of the house (docs/decisions/0028): arrows point down only, from the entry points through the
// features to the platform, the backend port and the pure domain; client modules never import *.server files.
// `npm run lint:imports` (part of `npm test`) fails on any of them.
const PLATFORM = "^app/platform/";
const CLIENT = ["^app/components/", "^app/platform/page/", "^app/features/[^/]+/(?![^/]*\\.server\\.)[^/]+\\.(ts|tsx)$", "^app/domain/", "^app/i18n/"];

/** A rule: modules matching `from` may not import modules matching `to`. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: "error", from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle ties modules that should be apart; move what both need one layer down.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    forbid("i18n-is-the-floor", "The message catalogues import nothing of the app.", "^app/i18n/", "^(app/(?!i18n/)|workers/|seed/)"),
    forbid("domain-is-pure", "The domain imports only the catalogues' types: no I/O, no platform.", "^app/domain/", "^(app/(?!domain/|i18n/)|workers/|seed/)"),
    forbid(
      "platform-knows-no-backend",
      "config, crypto, transport, headers, page helpers and the mail relay sit under the backend.",
      PLATFORM,
      "^(app/(backend|features|components|routes|request)/|app/(root|routes|entry\\.server)\\.tsx?$|workers/)",
    ),
    forbid(
      "backend-imports-domain-and-platform",
      "The port and its adapters import only domain/, platform/ and the seed content.",
      "^app/backend/",
      "^(app/(features|components|routes|request)/|app/(root|routes|entry\\.server)\\.tsx?$|workers/)",
    ),
    forbid(
      "request-under-features",
      "The request context, guards and form handling serve every feature; they import none.",
      "^app/request/",
      "^(app/(features|components|routes)/|app/(root|routes|entry\\.server)\\.tsx?$|workers/)",
    ),
    forbid(
      "components-are-shared-ui",
      "Shared UI knows no feature, route, backend or request.",
      "^app/components/",
      "^(app/(features|routes|backend|request)/|app/(root|routes|entry\\.server)\\.tsx?$|workers/)",
    ),
    forbid("features-under-routes", "Features are called by routes and workers, never the other way.", "^app/features/", "^(app/routes/|app/(root|routes|entry\\.server)\\.tsx?$|workers/)"),
    forbid("routes-under-workers", "The worker is the entry point: nothing in app/ imports it.", "^app/", "^workers/"),
    forbid("one-backend-port", "Outside the backend, code talks to the port (index, port), never to an adapter.", "^(app/(?!backend/)|workers/)", "^app/backend/(d1|supabase|rows)/"),
    {
      name: "client-never-imports-server",
      comment: "Modules that run in the browser never import a *.server file (types excepted: they are erased).",
      severity: "error",
      from: { path: CLIENT },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(\\.react-router|build|node_modules)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".d.ts"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
