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

const CLOSE: Record<string, string> = { "(": ")", "{": "}", "[": "]" };

/** The index after the string or template literal starting at `at` (a template's `${…}` skipped whole). */
function afterString(text: string, at: number): number {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (quote === "`" && text.startsWith("${", i)) i = afterGroup(text, i + 1) - 1;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}

/** The index after the bracket group opening at `at` ("(", "{" or "["), strings and comments skipped. */
function afterGroup(text: string, at: number): number {
  const expected: string[] = [];
  for (let i = at; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"' || char === "'" || char === "`") i = afterString(text, i) - 1;
    else if (text.startsWith("//", i)) i = text.indexOf("\n", i) < 0 ? text.length : text.indexOf("\n", i);
    else if (text.startsWith("/*", i)) i = text.indexOf("*/", i) + 1;
    else if (CLOSE[char]) expected.push(CLOSE[char]);
    else if (char === expected.at(-1)) {
      expected.pop();
      if (expected.length === 0) return i + 1;
    }
  }
  return text.length;
}

/** The parts of a group's inside separated by its own commas (not those of nested groups or strings). */
function topLevelParts(inside: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < inside.length; i++) {
    const char = inside[i]!;
    if (char === '"' || char === "'" || char === "`") i = afterString(inside, i) - 1;
    else if (inside.startsWith("//", i)) i = inside.indexOf("\n", i) < 0 ? inside.length : inside.indexOf("\n", i);
    else if (CLOSE[char]) i = afterGroup(inside, i) - 1;
    else if (char === ",") {
      parts.push(inside.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inside.slice(start));
  return parts.map((part) => part.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, "").trim()).filter(Boolean);
}

let appSources: Map<string, string> | null = null;
/** The source of the function `name` exports somewhere under app/ (the features' intent handlers). */
function functionSource(name: string): string | null {
  appSources ??= new Map(
    (readdirSync("app", { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file)).map((file) => [file, source(file)] as const),
  );
  const declaration = new RegExp(`function\\s+${name}\\s*\\(`);
  for (const text of appSources.values()) {
    const found = declaration.exec(text);
    if (!found) continue;
    const parameters = found.index + found[0].length - 1;
    const body = text.indexOf("{", afterGroup(text, parameters));
    return text.slice(body, afterGroup(text, body));
  }
  return null;
}

/**
 * The intents an action's runIntent(args, handlers) accepts: the keys of `handlers`, an object literal ({ create:
 * addX, "set-role": changeRole }) whose spreads (...ownIntents(place)) and a call in its place (adminIntents(place))
 * are followed into the function that makes them, up to the object literal it returns. Null when it cannot be read.
 */
function intentsOf(expression: string, depth = 0): Set<string> | null {
  const call = /^(?:\.\.\.\s*)?([A-Za-z_$][\w$]*)\s*\(/.exec(expression);
  if (call && depth < 5) {
    const body = functionSource(call[1]!);
    const returned = body?.indexOf("return {") ?? -1;
    if (!body || returned < 0) return null;
    const literal = body.indexOf("{", returned);
    return intentsOf(body.slice(literal, afterGroup(body, literal)), depth + 1);
  }
  if (!expression.startsWith("{")) return null;
  const keys = new Set<string>();
  for (const part of topLevelParts(expression.slice(1, afterGroup(expression, 0) - 1))) {
    if (part.startsWith("...")) {
      const spread = intentsOf(part, depth + 1);
      if (!spread) return null;
      for (const key of spread) keys.add(key);
      continue;
    }
    const key = /^(?:"([\w-]+)"|'([\w-]+)'|([A-Za-z_$][\w$]*))\s*(?::|$)/.exec(part);
    if (!key) return null;
    keys.add((key[1] ?? key[2] ?? key[3])!);
  }
  return keys;
}

/** The intents of a route module's runIntent call; undefined when it has none, null when they cannot be read. */
function routeIntents(text: string): Set<string> | null | undefined {
  const at = text.indexOf("runIntent(");
  if (at < 0) return undefined;
  const open = at + "runIntent".length;
  const [, handlers] = topLevelParts(text.slice(open + 1, afterGroup(text, open) - 1));
  return handlers === undefined ? null : intentsOf(handlers);
}

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
    const expected = routeIntents(text);
    if (expected === null) problems.push(`coverage.ts cannot read the intents of app/${file}'s runIntent call`);
    if (expected) {
      const listed = new Set(forms.map((form) => form.intent));
      for (const intent of expected)
        if (!listed.has(intent)) problems.push(`app/${file} accepts intent "${intent}", surface-forms.ts FORMS has no entry for it`);
      for (const intent of listed)
        if (!expected.has(intent ?? "")) problems.push(`surface-forms.ts FORMS sends intent "${intent}" to ${path}, app/${file} has no such intent`);
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
