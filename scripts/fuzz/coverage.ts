// Keeps surface.ts and surface-forms.ts honest: the run fails before sending anything when the product has a
// route, an action, an intent, a loader query parameter or a worker route that the surface does not list (or
// lists one that no longer exists). Reads app/routes.ts the way tests/e2e/authorization-matrix.spec.ts does, and
// the route modules' source for what React Router cannot tell us (actions' intents, query parameters).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { PAGES, ROUTER_QUERY } from "./surface";
import { FORMS } from "./surface-forms";

type RouteFile = { path: string; file: string };

/** Every URL path of app/routes.ts as spelled there ("/call-room/:roomId", "/Dashboard/*"), with its module. */
function routeFiles(entries: RouteConfigEntry[], parent = ""): RouteFile[] {
  return entries.flatMap((entry) => {
    // An index route has no path of its own, unless prefix() gave it one (the Arabic home, "ar").
    const path = entry.index && !entry.path ? parent : `${parent}/${entry.path ?? ""}`.replace(/\/+$/, "");
    const own = entry.index || entry.path ? [{ path: path || "/", file: entry.file }] : [];
    return [...own, ...routeFiles(entry.children ?? [], path)];
  });
}

const source = (file: string) => readFileSync(join("app", file), "utf8");
// Query parameters read as url.searchParams.get("x"), params.get("x") or .getAll("x").
const QUERY_READ = /(?:searchParams|params)\s*\.\s*get(?:All)?\(\s*["']([^"']+)["']/g;
const HAS_ACTION = /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b/;
// runIntent(args, { create: addX, "set-role": changeRole, ... }): the keys are the intents the action accepts.
const RUN_INTENT = /runIntent\([\s\S]*?,\s*\{([^{}]*)\}\s*,?\s*\)/;

export function checkSurface(): string[] {
  const problems: string[] = [];
  const files = routeFiles(routes);
  const routePaths = new Set(files.map((entry) => entry.path));
  const pageRoutes = new Set(PAGES.filter((page) => !page.worker).map((page) => page.route));

  for (const path of routePaths) if (!pageRoutes.has(path)) problems.push(`app/routes.ts has ${path}, scripts/fuzz/surface.ts PAGES has no entry for it`);
  for (const path of pageRoutes) if (!routePaths.has(path)) problems.push(`surface.ts PAGES lists ${path}, which app/routes.ts no longer has`);
  for (const form of FORMS) {
    if (!PAGES.some((page) => page.route === form.route)) problems.push(`surface-forms.ts FORMS names route ${form.route}, which PAGES does not list`);
  }

  const queryEverywhere = new Set([...PAGES.flatMap((page) => Object.keys(page.query ?? {})), ...Object.keys(ROUTER_QUERY)]);
  for (const { path, file } of files) {
    const text = source(file);
    const page = PAGES.find((entry) => entry.route === path);
    for (const [, name] of text.matchAll(QUERY_READ)) {
      if (!page?.query?.[name!]) problems.push(`app/${file} reads ?${name}, surface.ts has no query entry "${name}" for ${path}`);
    }
    const forms = FORMS.filter((form) => form.route === path);
    if (HAS_ACTION.test(text) && forms.length === 0) problems.push(`app/${file} has an action, surface-forms.ts FORMS has no form for ${path}`);
    if (!HAS_ACTION.test(text) && forms.length > 0 && !forms.every((form) => form.worker)) {
      problems.push(`surface-forms.ts FORMS posts to ${path}, but app/${file} has no action`);
    }
    const intents = RUN_INTENT.exec(text)?.[1];
    if (intents) {
      const expected = new Set([...intents.matchAll(/(?:"([\w-]+)"|(\w+))\s*:/g)].map((match) => match[1] ?? match[2]));
      const listed = new Set(forms.map((form) => form.intent));
      for (const intent of expected)
        if (!listed.has(intent)) problems.push(`app/${file} accepts intent "${intent}", surface-forms.ts FORMS has no entry for it`);
      for (const intent of listed)
        if (!expected.has(intent)) problems.push(`surface-forms.ts FORMS sends intent "${intent}" to ${path}, app/${file} has no such intent`);
    }
  }

  // Helpers outside the route modules (e.g. interpreterQueryFrom in app/domain, the features' services) read query
  // parameters too.
  for (const dir of ["domain", "request", "platform", "features", "components"]) {
    for (const name of (readdirSync(join("app", dir), { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file))) {
      for (const [, param] of source(join(dir, name)).matchAll(QUERY_READ)) {
        if (!queryEverywhere.has(param!)) problems.push(`app/${dir}/${name} reads ?${param}, no surface.ts page lists it`);
      }
    }
  }

  // Worker routes: a path literal in workers/*.ts outside app/routes.ts must be a worker entry of the surface.
  const workerPrefixes = PAGES.filter((page) => page.worker).map((page) => page.route);
  for (const name of readdirSync("workers").filter((file) => file.endsWith(".ts"))) {
    const text = readFileSync(join("workers", name), "utf8");
    for (const [, literal] of text.matchAll(/["'`](\/[A-Za-z_][^"'`\s#?]*)/g)) {
      const first = `/${literal!.split("/")[1]}`;
      if (routePaths.has(first) || routePaths.has(literal!)) continue;
      if (!workerPrefixes.some((prefix) => literal!.startsWith(prefix) || prefix.startsWith(literal!))) {
        problems.push(`workers/${name} handles ${literal}, surface.ts PAGES has no worker entry for it`);
      }
    }
  }
  return problems;
}
