// What the parts of the staff screens' stores contract share (people-suite.ts, people-edits-suite.ts,
// people-languages-suite.ts): the sample accounts they use, and reads of the people list, the languages and the links
// through the port.
import type { InterpreterQuery } from "~/domain/people";
import { portHelpers } from "./port-helpers";
import { everyPage, type ContractTarget } from "./target";

export const ADMIN = "admin@example.com";
export const INTERPRETER = "interpreter@example.com";
export const NO_PASSWORD = "linh.tran@example.com";

export function peopleHelpers(target: ContractTarget) {
  const { backend, signIn: cookieOf } = portHelpers(target);
  const list = (query: Partial<InterpreterQuery> = {}) => backend().interpreters.list({ search: "", sort: "name", direction: "asc", page: 1, ...query });
  const signIn = (email: string, password: string) => backend().auth.signIn({ email, password });
  /** A person's languages as the list shows them. */
  const languagesOf = async (email: string) => (await list({ search: email })).items[0]!.languages.map((language) => language.name);
  const canSignIn = async (email: string, password: string) => (await signIn(email, password)).ok;

  /** Every page of the listing, in order. */
  const everyone = (sort: "name" | "email", direction: "asc" | "desc") => everyPage((page) => list({ sort, direction, page }));
  const personOf = async (id: string) => (await everyone("name", "asc")).find((person) => person.id === id);
  const total = async () => (await list()).total;
  const idOf = async (email: string) => {
    const person = (await everyone("email", "asc")).find((item) => item.email.toLowerCase() === email.toLowerCase());
    if (!person) throw new Error(`no person ${email}`);
    return person.id;
  };
  const languageId = async (name: string) => {
    const language = (await backend().languages.list()).find((item) => item.name === name);
    if (!language) throw new Error(`no language ${name}`);
    return language.id;
  };
  const allLinks = async () => (await backend().links.list()).length;
  const linksOf = async (userId: string) => (await backend().links.list()).filter((link) => link.userId === userId);

  return { backend, list, signIn, languagesOf, canSignIn, cookieOf, everyone, personOf, total, idOf, languageId, allLinks, linksOf };
}

export type PeopleHelpers = ReturnType<typeof peopleHelpers>;
