// Who may use the staff screens (/Dashboard/Interpreter, /Dashboard/Language, /Dashboard/UserLanguages), called
// the way React Router calls them, against a real D1 with the sample people: only admins, on each page and each
// form; and a form whose intent none of the pages knows.
import { describe, expect, it } from "vitest";
import * as interpreters from "~/routes/dashboard/interpreters";
import * as languages from "~/routes/dashboard/languages";
import * as userLanguages from "~/routes/dashboard/user-languages";
import { asResponse, count, failure, idOf, languageId, seededAndSignedIn, statusOf, thrown } from "./helpers";
import type { RouteArgs } from "./requests";
import { get, INTERPRETERS, LANGUAGES, LINKS, post, snapshot, validPerson } from "./staff-helpers";

const UNKNOWN_INTENT = "This form could not be understood. Please reload the page and try again.";

const cookies = seededAndSignedIn();

describe("only admins", () => {
  /** A valid "create" POST to each of the three actions. */
  type Post = { name: string; path: string; run: (args: RouteArgs) => Promise<unknown>; fields: Record<string, string> };
  const creates = async (): Promise<Post[]> => [
    { name: "interpreters", path: INTERPRETERS, run: (args: RouteArgs) => interpreters.action(args), fields: { intent: "create", ...validPerson } },
    { name: "languages", path: LANGUAGES, run: (args: RouteArgs) => languages.action(args), fields: { intent: "create", name: "Swahili" } },
    {
      name: "links",
      path: LINKS,
      run: (args: RouteArgs) => userLanguages.action(args),
      fields: { intent: "create", userId: await idOf("linh.tran@example.com"), languageId: String(await languageId("French")) },
    },
  ];

  it("an interpreter's POST to each action is refused with 403 and stores nothing", async () => {
    const before = await snapshot();
    for (const action of await creates()) {
      const refused = await thrown(() => action.run(post(action.path, action.fields, cookies.interpreter)));
      expect(refused, action.name).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
    }
    // Deletes are refused too.
    const deletes = [
      () => interpreters.action(post(INTERPRETERS, { intent: "delete", id: "x" }, cookies.interpreter)),
      () => languages.action(post(LANGUAGES, { intent: "delete", id: "1" }, cookies.interpreter)),
      () => userLanguages.action(post(LINKS, { intent: "delete", id: "1" }, cookies.interpreter)),
    ];
    for (const run of deletes) expect(statusOf(await thrown(run))).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", validPerson.email)).toBe(0);
  });

  it("an anonymous POST is sent to sign in and stores nothing", async () => {
    const before = await snapshot();
    for (const action of await creates()) {
      const redirect = asResponse(await thrown(() => action.run(post(action.path, action.fields))));
      expect(redirect.status, action.name).toBe(302);
      expect(redirect.headers.get("Location"), action.name).toBe(`/Login?${new URLSearchParams({ redirectTo: action.path })}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the three pages: 403 for an interpreter, sign in for an anonymous visitor", async () => {
    const loaders = [
      { path: INTERPRETERS, load: (args: RouteArgs) => interpreters.loader(args) },
      { path: LANGUAGES, load: (args: RouteArgs) => languages.loader(args) },
      { path: LINKS, load: (args: RouteArgs) => userLanguages.loader(args) },
    ];
    for (const { path, load } of loaders) {
      expect(await thrown(() => load(get(path, cookies.interpreter))), path).toMatchObject({ init: { status: 403 } });
      const redirect = asResponse(await thrown(() => load(get(path))));
      expect(redirect.headers.get("Location"), path).toBe(`/Login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });
});

describe("an unknown intent", () => {
  it("answers 400 'This form could not be understood. …' on each page and stores nothing", async () => {
    const before = await snapshot();
    const runs = [
      (fields: Record<string, string>) => interpreters.action(post(INTERPRETERS, fields, cookies.admin)),
      (fields: Record<string, string>) => languages.action(post(LANGUAGES, fields, cookies.admin)),
      (fields: Record<string, string>) => userLanguages.action(post(LINKS, fields, cookies.admin)),
    ];
    for (const run of runs) {
      const forms: Record<string, string>[] = [
        { intent: "explode", name: "Swahili" },
        { name: "Swahili" },
        { intent: "hasOwnProperty" },
        { intent: "toString" },
      ];
      for (const fields of forms) {
        const answer = failure(await run(fields));
        expect(answer.status, JSON.stringify(fields)).toBe(400);
        expect(answer.formError).toBe(UNKNOWN_INTENT);
        expect(answer.toast).toMatchObject({ type: "error", message: UNKNOWN_INTENT });
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
