// The small lists' substring search on D1 (people, interpreters, accounts): a search box takes 100 characters, and
// D1 refuses a LIKE pattern over 50 bytes ("LIKE or GLOB pattern too complex", a 500 the fuzz campaign found on
// /Dashboard/people). The search is instr() on ASCII-folded text: any length, any characters, matched literally.
import { beforeAll, describe, expect, it } from "vitest";
import * as people from "~/routes/dashboard/people";
import { backendFor, cookieOf, seed } from "./helpers";
import { addressesIn, browser } from "./requests";

const { get } = browser({ addresses: addressesIn(104) });
const LONG = "A".repeat(100);
const WIDE = "ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ".repeat(4);

beforeAll(() => seed());

describe("a long or unusual search text", () => {
  it("finds nobody and fails nothing: the person field, the interpreters' list, the accounts' list", async () => {
    const backend = backendFor();
    expect(await backend.interpreters.find({ text: LONG, languageIds: [], limit: 8 })).toEqual([]);
    expect(await backend.interpreters.find({ text: WIDE, languageIds: [], limit: 8 })).toEqual([]);
    expect((await backend.interpreters.list({ search: LONG, sort: "name", direction: "asc", page: 1 })).items).toEqual([]);
    expect((await backend.accounts.list({ search: WIDE, page: 1 })).items).toEqual([]);
    const admin = await cookieOf("admin@example.com");
    const answer = await people.loader(get(`/Dashboard/people?q=${encodeURIComponent(WIDE)}`, admin));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ people: [] });
  });

  it("still matches any part of a name or e-mail, ASCII case ignored, and % or _ only as themselves", async () => {
    const backend = backendFor();
    expect((await backend.interpreters.find({ text: "dANIEL", languageIds: [], limit: 8 })).map((person) => person.email)).toEqual(["interpreter@example.com"]);
    expect((await backend.interpreters.find({ text: "%", languageIds: [], limit: 8 })).length).toBe(0);
    expect((await backend.accounts.list({ search: "ADMIN@EXAMPLE", page: 1 })).items.map((account) => account.email)).toEqual(["admin@example.com"]);
    expect((await backend.interpreters.list({ search: "_", sort: "name", direction: "asc", page: 1 })).items).toEqual([]);
  });
});
