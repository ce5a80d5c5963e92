// The port's contract for the staff's views of appointments (issue 25): AppointmentStore.list (filters, order, pages,
// the total) and .between (a calendar week). Called from d1.test.ts and supabase.test.ts. It books its own
// appointments on days no other suite uses (in 2033), through the port.
import { beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENTS_PAGE_SIZE, filterOf, weekFrom, type AppointmentQuery } from "~/domain/appointment-lists";
import { blockedBy } from "~/domain/appointment-times";
import type { AppointmentMode } from "~/domain/appointments";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf } from "~/domain/zoned-time";
import { sha256Hex } from "~/platform/core/hash.server";
import { ORIGIN, unique, type ContractTarget } from "./target";

const NO_FILTER: AppointmentQuery = { from: null, to: null, status: null, languageId: null, interpreterId: null, mode: null, page: 1 };
const at = (date: string, time: string) => (instantOf({ date, time }, COMPANY_TIME_ZONE) as { instant: number }).instant;

export function describeAppointmentListsContract(target: ContractTarget) {
  const backend = () => target.backendFor(new Request(`${ORIGIN}/Dashboard/Appointments`));
  const appointments = () => backend().appointments;
  let languages: { id: number }[] = [];

  async function book(date: string, time: string, mode: AppointmentMode = "video", languageIndex = 0) {
    const startsAt = at(date, time);
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode });
    const token = unique("token");
    const answer = await appointments().request(
      {
        contact: { name: "Ana Ruiz", email: `${unique("ana")}@example.com`, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId: languages[languageIndex]!.id, mode, setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: mode === "on_site" ? "1 Main St" : "", callNumber: mode === "phone" ? "+1 303 555 0111" : "", notes: "", genderPreference: null },
        ...{ locale: "en", tokenHash: await sha256Hex(token), tokenSealed: "sealed" },
      },
      Date.now(),
    );
    if (!answer.ok) throw new Error(answer.reason);
    return answer.id;
  }
  const ids = async (query: Partial<AppointmentQuery>) => (await appointments().list(filterOf({ ...NO_FILTER, ...query }))).items.map((item) => item.id);

  describe(`appointment lists — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languages = await backend().languages.list();
      expect(languages.length).toBeGreaterThan(1);
    });

    it("the list: by start then id, each filter narrowing it, a day filter reading the company's calendar", async () => {
      const late = await book("2033-05-11", "23:30", "on_site");
      const early = await book("2033-05-10", "08:00", "phone", 1);
      const same = await book("2033-05-10", "08:00");
      const nextDay = await book("2033-05-12", "00:15");
      expect(await ids({ from: "2033-05-10", to: "2033-05-12" })).toEqual([early, same, late, nextDay]);
      // 23:30 in Denver is the next day in UTC: still the 11th on the company's calendar.
      expect(await ids({ from: "2033-05-11", to: "2033-05-11" })).toEqual([late]);
      expect(await ids({ from: "2033-05-10", to: "2033-05-12", mode: "phone" })).toEqual([early]);
      expect(await ids({ from: "2033-05-10", to: "2033-05-12", languageId: languages[1]!.id })).toEqual([early]);
      expect(await ids({ from: "2033-05-10", to: "2033-05-12", status: "confirmed" })).toEqual([]);
      await appointments().cancel(same, { basedOn: 1, by: "staff", reason: "x" }, Date.now());
      expect(await ids({ from: "2033-05-10", to: "2033-05-12", status: "cancelled" })).toEqual([same]);
      // Someone's appointments: nobody is assigned yet.
      const person = (await backend().links.list())[0]!.userId;
      expect(await ids({ from: "2033-05-10", to: "2033-05-12", interpreterId: person })).toEqual([]);
    });

    it("pages of APPOINTMENTS_PAGE_SIZE with the total", async () => {
      const booked: number[] = [];
      for (let index = 0; index < APPOINTMENTS_PAGE_SIZE + 1; index++)
        booked.push(await book("2033-06-07", `${String(7 + Math.floor(index / 4)).padStart(2, "0")}:${String((index % 4) * 15).padStart(2, "0")}`));
      const second = await appointments().list(filterOf({ ...NO_FILTER, from: "2033-06-07", to: "2033-06-07", page: 2 }));
      expect({ total: second.total, page: second.page, pageCount: second.pageCount, items: second.items.map((item) => item.id) }).toEqual({
        total: APPOINTMENTS_PAGE_SIZE + 1,
        page: 2,
        pageCount: 2,
        items: [booked.at(-1)],
      });
    });

    it("a week: its appointments by start, cancelled ones left out, one interpreter's when asked", async () => {
      const week = weekFrom("2033-08-01");
      const monday = await book("2033-08-01", "09:00");
      const sunday = await book("2033-08-07", "22:00");
      const cancelled = await book("2033-08-03", "09:00");
      await book("2033-08-08", "09:00"); // the next Monday
      await appointments().cancel(cancelled, { basedOn: 1, by: "customer", reason: "" }, Date.now());
      const shown = await appointments().between(week.from, week.to, null);
      expect(shown.map((item) => item.id)).toEqual([monday, sunday]);
      expect(shown[0]).toMatchObject({ language: expect.any(String), contact: { name: "Ana Ruiz" } });
      const person = (await backend().links.list())[0]!.userId;
      expect(await appointments().between(week.from, week.to, person)).toEqual([]);
    });
  });
}
