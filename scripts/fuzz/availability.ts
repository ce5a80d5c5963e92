// The run's availability (issue 25), recorded before the fuzzing through the product's own forms: the sample
// interpreter's working hours and time off on Profile, and on two other interpreters' pages (as the admin) hours, time
// off and credentials, one of them expiring within the admins' 30-day warning. Requests can then name real rows to
// remove (params.ts pools `timeOff`, `credentials`, each with its person), and the pages show something from the first
// request on.
//
// What they store is partly hostile: markup with a marker in a time-off note (Profile, the person's page) and in a
// credential's name (the person's page, the interpreters' list of expiring credentials); checks.ts names the set-up as
// its source.
//
// The first posts are also the checks' self-test: a save of working hours must show in the working_hours count, a
// second save of as many intervals (a week replaced in place) in its digest, and time off in the time_off count.
import { CONTENT_SUFFIX, type Database } from "./db";
import type { Answer } from "./http";
import type { OwnedRow } from "./params";
import { dayFromToday } from "./payloads-orders";
import { ADMIN_EMAIL, INTERPRETER_EMAIL, postForm } from "./sessions";

export type AvailabilityPools = { timeOff: OwnedRow[]; credentials: OwnedRow[]; markers: number[] };

/** The markers of the markup the set-up stores (orders.ts uses 900 001–900 007, appointments.ts 900 101–900 104). */
const MARKER = 900_200;
const MARKUP = {
  note: `Family trip <fz-${MARKER + 1}>`,
  credential: `Court "><svg onload=fz${MARKER + 2}> certified`,
};

export async function availabilitySetUp(port: number, db: Database, cookies: { admin: string; interpreter: string }): Promise<AvailabilityPools> {
  const [own] = await db.rows<{ id: string }>("select id from users where email = ?", INTERPRETER_EMAIL);
  const others = await db.rows<{ id: string }>("select id from users where email not in (?, ?) order by email limit 2", ADMIN_EMAIL, INTERPRETER_EMAIL);
  if (!own || others.length < 2) fail("the sample content needs the sample interpreter and two more people");

  const post = async (path: string, cookie: string, fields: Record<string, string>) => {
    const answer: Answer = await postForm(port, path, fields, { Cookie: cookie });
    const location = answer.headers.location ?? "";
    if (answer.status !== 302 || !location.startsWith(`${path}#`))
      fail(`${fields.intent} on ${path} answered ${answer.error ?? answer.status} ${location || answer.body.toString("utf8").slice(0, 300)}`);
  };
  const profile = (fields: Record<string, string>) => post("/Dashboard/Profile", cookies.interpreter, fields);
  const person = (id: string, fields: Record<string, string>) => post(`/Dashboard/Interpreter/${id}`, cookies.admin, fields);

  // The self-test: three intervals are three more rows; three others in their place change the digest, not the count.
  const before = await db.counts();
  await profile({ intent: "save-hours", "hours-1": "09:00-12:00, 13:00-17:00", "hours-3": "08:00-16:00" });
  const saved = await db.counts();
  if (saved.working_hours !== (before.working_hours ?? 0) + 3)
    fail(`the checks do not see working hours saved (working_hours ${before.working_hours} → ${saved.working_hours})`);
  await profile({ intent: "save-hours", "hours-1": "10:00-12:00, 13:00-18:00", "hours-4": "08:00-16:00" });
  const replaced = await db.counts();
  if (replaced.working_hours !== saved.working_hours || replaced[`working_hours${CONTENT_SUFFIX}`] === saved[`working_hours${CONTENT_SUFFIX}`])
    fail("the working_hours digest does not see a week replaced (unchanged, or the count changed)");

  await profile({ intent: "add-time-off", firstDay: dayFromToday(20), lastDay: dayFromToday(22), note: MARKUP.note });
  const away = await db.counts();
  if (away.time_off !== (replaced.time_off ?? 0) + 1) fail(`the checks do not see time off added (time_off ${replaced.time_off} → ${away.time_off})`);

  const week = {
    intent: "save-hours",
    "hours-1": "09:00-17:00",
    "hours-2": "09:00-17:00",
    "hours-3": "09:00-17:00",
    "hours-4": "09:00-17:00",
    "hours-5": "09:00-13:00",
  };
  for (const [index, { id }] of others.entries()) {
    await person(id, week);
    await person(id, { intent: "add-time-off", firstDay: dayFromToday(40 + index), lastDay: dayFromToday(42 + index), note: index ? "" : MARKUP.note });
    await person(id, { intent: "add-credential", name: "Medical (CCHI)", expiresOn: "" });
    await person(
      id,
      index
        ? { intent: "add-credential", name: "Court certified", expiresOn: dayFromToday(-5) }
        : { intent: "add-credential", name: MARKUP.credential, expiresOn: dayFromToday(10) },
    );
  }
  await person(own.id, { intent: "add-credential", name: "Court certified", expiresOn: dayFromToday(200) });

  const owned = (table: "time_off" | "credentials") => db.rows<{ id: number; userId: string }>(`select id, user_id as userId from ${table} order by id`);
  const [timeOff, credentials] = [await owned("time_off"), await owned("credentials")];
  if (timeOff.length !== 3 || credentials.length !== 5) fail(`the set-up recorded ${timeOff.length} spans of time off and ${credentials.length} credentials`);
  const markers = Object.values(MARKUP).map((value) => Number(/fz-?(\d+)/.exec(value)![1]));
  return { timeOff, credentials, markers };
}

function fail(message: string): never {
  throw new Error(`the availability set-up: ${message}`);
}
