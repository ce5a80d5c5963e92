// SPEC §7 "GET users with id, full_name, email, phone, Gender and nested user_languages (language_id,
// languages.name)", with the adapter's search, sort and pages (an extension), and "GET users (id, full_name,
// email) … for the link screen".
import { beforeAll, describe, expect, it } from "vitest";
import type { Interpreter, InterpreterQuery } from "~/domain/people";
import { EXTRA_PEOPLE } from "../port-contract/people-suite";
import { everyPage } from "../port-contract/target";
import { backendFor, double, step } from "./helpers";

const list = (query: Partial<InterpreterQuery> = {}) => backendFor().interpreters.list({ search: "", sort: "name", direction: "asc", page: 1, ...query });
const names = (items: { fullName: string }[]) => items.map((item) => item.fullName);

/** Every page of a listing, in order. */
const everyone = (sort: "name" | "email", direction: "asc" | "desc") => everyPage((page) => list({ sort, direction, page }));

// The people list tests' 15 (tests/port-contract/people-suite.ts), without passwords: 22 with the 7 sample people.
beforeAll(async () => {
  await double.reset();
  await double.people(EXTRA_PEOPLE.map(([full_name, email]) => ({ full_name, email, phone: "+1 (555) 010-0000", Gender: "Female" })));
});

describe("interpreters.list", () => {
  it("pages 20 at a time with the total and the page count, in one counted request per page", async () => {
    const first = await step(() => list());
    expect(first.result).toMatchObject({ total: 22, page: 1, pageCount: 2 });
    expect(first.result.items).toHaveLength(20);
    expect(first.shapes).toEqual(["rest.users.list"]);
    expect(first.requests[0]).toMatchObject({ credentials: "service", status: 206 }); // Content-Range: 0-19/22
    expect(first.requests[0]!.url).toMatch(/offset=0&limit=20$/);

    const second = await step(() => list({ page: 2 }));
    expect(second.result).toMatchObject({ total: 22, page: 2, pageCount: 2 });
    expect(second.result.items).toHaveLength(2);
    expect(new Set([...first.result.items, ...second.result.items].map((item) => item.id)).size).toBe(22);
  });

  it("clamps a page past the end to the last page", async () => {
    const second = await list({ page: 2 });
    const beyond = await step(() => list({ page: 99 }));
    expect(beyond.result).toMatchObject({ total: 22, page: 2, pageCount: 2 });
    expect(beyond.result.items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
  });

  // What a search finds is the port's contract (tests/port-contract/people-suite.ts); here, the one request it is.
  it("searches name, email and phone in one request (or=), counted", async () => {
    for (const text of ["omar", "sofia.petrova@", "555-0103"]) {
      const { result, requests } = await step(() => list({ search: text }));
      expect(result.total, text).toBe(result.items.length);
      expect(requests.map((request) => request.shape)).toEqual(["rest.users.list"]);
      expect(requests[0]!.url, text).toContain("or=");
    }
  });

  it("sorts by name and by email, both directions, with the id as tie-break", async () => {
    const ascending = await everyone("name", "asc");
    expect(ascending).toHaveLength(22);
    expect(names(await everyone("name", "desc"))).toEqual(names(ascending).reverse());
    const emails = (items: Interpreter[]) => items.map((item) => item.email);
    const byEmail = await everyone("email", "asc");
    expect(emails(await everyone("email", "desc"))).toEqual(emails(byEmail).reverse());
    const requests = await double.requests();
    expect(requests.some((request) => request.url.includes("order=full_name_sort.desc%2Cid.asc"))).toBe(true);
    expect(requests.some((request) => request.url.includes("order=email_sort.asc%2Cid.asc"))).toBe(true);
  });
});

describe("interpreters.find (the link screen's person field)", () => {
  it("asks for the people a text names, a few at a time, by name: id, name and email", async () => {
    const { result, shapes } = await step(() => backendFor().interpreters.find({ text: "", languageIds: [], limit: 10 }));
    expect(result).toHaveLength(10);
    // By name ignoring case: "aaron lowercase" (added by an earlier test) comes before "Amira Haddad".
    expect(result.slice(0, 2).map((person) => person.fullName)).toEqual(["aaron lowercase", "Amira Haddad"]);
    expect(result[1]).toEqual({ id: expect.any(String), fullName: "Amira Haddad", email: "admin@example.com" });
    expect(Object.keys(result[0]!).sort()).toEqual(["email", "fullName", "id"]);
    expect(shapes).toEqual(["rest.users.options"]);
    const byText = await step(() => backendFor().interpreters.find({ text: "HADDAD", languageIds: [], limit: 10 }));
    expect(byText.result.map((person) => person.email)).toEqual(["admin@example.com"]);
    const byId = await backendFor().interpreters.find({ text: result[1]!.id, languageIds: [], limit: 10 });
    expect(byId.map((person) => person.email)).toEqual(["admin@example.com"]);
  });

  it("with languages, only the people linked to every one of them (one SQL function)", async () => {
    const languages = await backendFor().languages.list();
    const id = (name: string) => languages.find((language) => language.name === name)!.id;
    const { result, shapes } = await step(() => backendFor().interpreters.find({ text: "", languageIds: [id("English"), id("Spanish")], limit: 10 }));
    expect(shapes).toEqual(["rpc.push_find_people"]);
    const links = await backendFor().links.list();
    const speaks = (person: string, language: string) => links.some((link) => link.userId === person && link.languageName === language);
    expect(result.length).toBeGreaterThan(0);
    for (const person of result) expect(speaks(person.id, "English") && speaks(person.id, "Spanish")).toBe(true);
  });
});
