// What the staff screens' tests share (/Dashboard/Interpreter, /Dashboard/Language, /Dashboard/UserLanguages):
// their paths, the sample people they sign in as, a valid new person, the browser that calls the routes, and a
// count of every row the forms may touch.
import { rows } from "./helpers";
import { browser } from "./requests";

export const ADMIN = "admin@example.com";
export const INTERPRETER = "interpreter@example.com";
export const INTERPRETERS = "/Dashboard/Interpreter";
export const LANGUAGES = "/Dashboard/Language";
export const LINKS = "/Dashboard/UserLanguages";

/** Form POSTs and GETs from a browser (signed in when given a cookie). */
export const { get, post } = browser();

/** The number of rows in each table a staff form writes: equal before and after means nothing was stored. */
export const snapshot = async () => ({
  accounts: await rows("accounts"),
  users: await rows("users"),
  languages: await rows("languages"),
  user_languages: await rows("user_languages"),
});

export const validPerson = {
  full_name: "Grace Obi",
  Gender: "Female",
  email: "grace.obi@example.com",
  phone: "+1 (307) 555-0150",
  password: "Grace-Pass-2025",
};
