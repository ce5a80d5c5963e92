// The names of the bot checks' fields, shared by the forms (BotChecks) and the server's guard (public-form.server.ts).

/** The field a person never sees or reaches: a value in it is a bot's. */
export const HONEYPOT_FIELD = "website";

/** The field Cloudflare Turnstile's widget adds to a form. */
export const TURNSTILE_FIELD = "cf-turnstile-response";
