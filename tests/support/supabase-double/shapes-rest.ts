// The allowed PostgREST requests of the content, interpreter, language and link stores: exactly what the
// Supabase adapter sends (app/backend/supabase/*.server.ts), each with the SPEC §7 line it implements.
import { is, type RestShape } from "./match";

const EQ_UUID = /^eq\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EQ_INT = /^eq\.\d+$/;
const REPRESENTATION = ["return=representation"];

/** The users row of the signed-in user (auth.server.ts USER_COLUMNS). */
export const USER_COLUMNS = 'id,full_name,email,phone,"Gender",account_type,role';
/** The interpreter list with its nesting (people.server.ts INTERPRETER_SELECT). */
export const INTERPRETER_SELECT = 'id,full_name,email,phone,"Gender",account_type,role,user_languages(language_id,languages(name))';
/** One quoted ilike value: `"*…*"`, with \" and \\ escaped inside (PostgREST's quoting). */
const QUOTED = '"\\*(?:[^"\\\\]|\\\\.)*\\*"';
/** The search of the interpreter list: `or=(col.ilike."*text*",…)` over name, email and phone. */
const SEARCH = new RegExp(`^\\((?:full_name|email|phone)\\.ilike\\.${QUOTED}(?:,(?:full_name|email|phone)\\.ilike\\.${QUOTED})*\\)$`);

/** The person field's search: name and e-mail, and the id when the text is one. */
const PERSON_SEARCH = new RegExp(
  `^\\(full_name\\.ilike\\.${QUOTED},email\\.ilike\\.${QUOTED}(?:,id\\.eq\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?\\)$`,
  "i",
);

const service = "service" as const;

export const REST_SHAPES: RestShape[] = [
  // ---- Content (public, the anon key, no session) ----
  { id: "rest.company.read", spec: "company", service: "rest", method: "GET", table: "company", key: "anon", select: "*" },
  {
    id: "rest.services.read",
    spec: "services",
    extension: "in the order staff set in the content studio (order=position.asc,id.asc: the stored position, then id)",
    service: "rest",
    method: "GET",
    table: "services",
    key: "anon",
    select: "*",
    params: { order: "position.asc,id.asc" },
  },
  { id: "rest.about.read", spec: "about", service: "rest", method: "GET", table: "about", key: "anon", select: "*" },

  // ---- The signed-in user's own rows (their access token: row-level security applies) ----
  {
    id: "rest.users.me",
    spec: "currentUser",
    service: "rest",
    method: "GET",
    table: "users",
    key: "user",
    select: USER_COLUMNS,
    params: { id: EQ_UUID },
  },
  {
    id: "rest.customer_people.me",
    extension: "a customer's requester (issue 27): an account without a users row, read with its organisation's name",
    service: "rest",
    method: "GET",
    table: "customer_people",
    key: "user",
    select: "account_id,organisation_id,full_name,is_admin,organisations(name)",
    params: { account_id: EQ_UUID },
  },
  {
    id: "rest.user_languages.own",
    spec: "ownLanguages",
    service: "rest",
    method: "GET",
    table: "user_languages",
    key: "user",
    select: "language_id,languages(name)",
    params: { user_id: EQ_UUID },
  },

  // ---- Interpreters (staff, the service role after the route's admin guard) ----
  {
    id: "rest.users.list",
    spec: "interpreterList",
    extension:
      'search (or=(full_name|email|phone.ilike."*…*")), sort (order=full_name_sort|email_sort.asc|desc,id.asc: ' +
      "lower-cased generated columns, so the order ignores case) and pages of 20 " +
      "(offset/limit with Prefer: count=exact for the total) of the interpreter list; also selects account_type and role",
    service: "rest",
    method: "GET",
    table: "users",
    key: service,
    select: INTERPRETER_SELECT,
    params: { order: /^(full_name_sort|email_sort)\.(asc|desc),id\.asc$/, offset: /^\d+$/, limit: "20" },
    optional: { or: SEARCH },
    prefer: ["count=exact"],
  },
  {
    id: "rest.users.insert",
    spec: "signUp",
    service: "rest",
    method: "POST",
    table: "users",
    key: service,
    body: { required: { id: is.uuid, full_name: is.text, email: is.text, phone: is.text, Gender: is.text } },
  },
  {
    id: "rest.users.count",
    extension:
      "counts the interpreter list (HEAD, Prefer: count=exact) when a page past the end got 416 without a count, " + "so the list can show its last page",
    service: "rest",
    method: "HEAD",
    table: "users",
    key: service,
    select: "id",
    optional: { or: SEARCH },
    prefer: ["count=exact"],
  },
  {
    id: "rest.users.by-email",
    extension:
      "who holds an address (ilike, escaped), before changing an interpreter's email: Supabase Auth answers an address " +
      "another account holds with a bare 500",
    service: "rest",
    method: "GET",
    table: "users",
    key: service,
    select: "id",
    params: { email: /^ilike\..+$/ },
  },
  {
    id: "rest.users.email-before-update",
    extension: "reads the person's current email before an update, so the sign-in email changes only when it changed",
    service: "rest",
    method: "GET",
    table: "users",
    key: service,
    select: "email",
    params: { id: EQ_UUID },
  },
  {
    id: "rest.users.update",
    spec: "update",
    service: "rest",
    method: "PATCH",
    table: "users",
    key: service,
    select: "id",
    params: { id: EQ_UUID },
    prefer: REPRESENTATION,
    body: { required: { full_name: is.text, email: is.text, phone: is.text, Gender: is.text } },
  },
  {
    id: "rest.users.before-remove",
    spec: "remove",
    extension: "reads the name and email of the person to remove before their account (and with it the row) is deleted",
    service: "rest",
    method: "GET",
    table: "users",
    key: service,
    select: "full_name,email",
    params: { id: EQ_UUID },
  },
  {
    id: "rest.users.delete",
    spec: "remove",
    extension: "only when the sign-in account was already gone, for a users row left without one",
    service: "rest",
    method: "DELETE",
    table: "users",
    key: service,
    select: "full_name,email",
    params: { id: EQ_UUID },
    prefer: REPRESENTATION,
  },
  {
    id: "rest.users.options",
    spec: "linkScreen",
    extension:
      "a person field's suggestions and match (issue 23): the people whose name or e-mail contains the typed text " +
      '(or=(full_name|email.ilike."*…*"), and id.eq when it is an id), by name, at most a few (limit), never everyone',
    service: "rest",
    method: "GET",
    table: "users",
    key: service,
    select: "id,full_name,email",
    params: { order: "full_name_sort.asc,id.asc", limit: /^\d{1,3}$/ },
    optional: { or: PERSON_SEARCH },
  },
  { id: "rest.users.link-names", spec: "linkScreen", service: "rest", method: "GET", table: "users", key: service, select: "id,full_name,email" },

  // ---- Languages ----
  {
    id: "rest.languages.list",
    spec: "languages",
    service: "rest",
    method: "GET",
    table: "languages",
    key: service,
    select: "id,name",
    params: { order: "name_sort.asc" },
  },
  { id: "rest.languages.link-names", spec: "linkScreen", service: "rest", method: "GET", table: "languages", key: service, select: "id,name" },
  {
    id: "rest.languages.insert",
    spec: "languages",
    service: "rest",
    method: "POST",
    table: "languages",
    key: service,
    select: "id,name",
    prefer: REPRESENTATION,
    body: { required: { name: is.text } },
  },
  {
    id: "rest.languages.rename",
    spec: "languages",
    service: "rest",
    method: "PATCH",
    table: "languages",
    key: service,
    select: "id",
    params: { id: EQ_INT },
    prefer: REPRESENTATION,
    body: { required: { name: is.text } },
  },
  {
    id: "rest.languages.delete",
    spec: "languages",
    service: "rest",
    method: "DELETE",
    table: "languages",
    key: service,
    select: "name",
    params: { id: EQ_INT },
    prefer: REPRESENTATION,
  },

  // ---- Links between interpreters and languages ----
  { id: "rest.user_languages.list", spec: "links", service: "rest", method: "GET", table: "user_languages", key: service, select: "id,user_id,language_id" },
  {
    id: "rest.user_languages.insert",
    spec: "links",
    service: "rest",
    method: "POST",
    table: "user_languages",
    key: service,
    select: "id",
    prefer: REPRESENTATION,
    body: { required: { user_id: is.uuid, language_id: is.int } },
  },
  {
    id: "rest.user_languages.delete",
    spec: "links",
    service: "rest",
    method: "DELETE",
    table: "user_languages",
    key: service,
    select: "id",
    params: { id: EQ_INT },
    prefer: REPRESENTATION,
  },
];
