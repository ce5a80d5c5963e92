// Time passing for a booked appointment in the browser tests (issue 25): the server reads the real clock, and an
// appointment can only be booked hours ahead, so "it took place" is arranged in the data — its start moved into the
// past in the server's own database (D1's local state, opened beside the running server as the fuzz campaign opens it;
// or the Supabase double's table) — and the cron is run as of a chosen minute (scripts/serve-build.ts --cron-port).
import { blockedBy, type AppointmentMode } from "../../app/domain/appointment-times";
import { CRON_URL, PORT, SUPABASE_DOUBLE_URL } from "../../playwright.config";
import { storageProxy } from "../../scripts/lib/storage-proxy";
import { pgTimestamp } from "../support/supabase-double/pg";
import { tstzrange } from "../support/supabase-double/schema-appointments";
import { expect, serverOf } from "./fixtures";

const onSupabase = () => serverOf() === "supabase";

/** Moves appointment `id` (of `minutes`, on site or not) to start at `startsAt`, as if booked for then. */
export async function moveAppointment(id: number, startsAt: number, minutes: number, mode: AppointmentMode): Promise<void> {
  const { from, to } = blockedBy({ start: startsAt, minutes, mode });
  if (onSupabase()) {
    const answer = await fetch(`${SUPABASE_DOUBLE_URL}/__double/tables/appointments`, {
      method: "PATCH",
      body: JSON.stringify({ where: { id }, set: { starts_at: pgTimestamp(startsAt), blocked: tstzrange(from, to) } }),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return;
  }
  const proxy = await storageProxy(`.tmp/e2e-${PORT}`);
  try {
    // The server holds the same SQLite files: a write that meets its commit is refused as busy, and is safe to repeat.
    for (let attempt = 1; ; attempt++) {
      try {
        const { meta } = await proxy.env.DB.prepare("UPDATE appointments SET starts_at = ?, blocked_from = ?, blocked_to = ? WHERE id = ?")
          .bind(startsAt, from, to, id)
          .run();
        expect(meta.changes).toBe(1);
        return;
      } catch (error) {
        if (attempt === 5 || !/SQLITE_BUSY|internal error/i.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await proxy.dispose();
  }
}

/**
 * Runs the worker's cron as of `at` (its scheduled time), as Cloudflare would at that minute; waits for it to end. A run
 * that failed is run again, as the next minute's would be: on D1 a write of this file's meets another process holding
 * the database now and then (SQLITE_BUSY), and every step of the cron is safe to repeat — that is what is tested.
 */
export async function runCron(at: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const answer = await fetch(`${CRON_URL[onSupabase() ? "supabase" : "d1"]}/scheduled?time=${at}`, { method: "POST" });
    if (answer.status === 200 || attempt === 3) {
      expect(answer.status, await answer.text()).toBe(200);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
