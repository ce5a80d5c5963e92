// The content studio's kept versions through the Supabase adapter (docs/decisions/0015): a record's history,
// newest first and at most 20 states, and the files only the dropped states referred to — the exact requests and
// the credentials they carry.
import { beforeEach, describe, expect, it } from "vitest";
import { company as sampleCompany } from "../../seed/content";
import { ADMIN, backendFor, double, paramsOf, step, who } from "./helpers";
import { companyFields, photo, serviceFields, versionsOf } from "./studio-helpers";

beforeEach(() => double.reset());

describe("studio.history", () => {
  it("newest first, with who saved and when (ISO 8601, as on D1), from content_versions", async () => {
    const started = Date.now();
    await backendFor().studio.save("company", 1, { ...companyFields, title: "Second" }, 1, ADMIN);
    await backendFor().studio.save("company", 1, { ...companyFields, title: "Third" }, 2, "other@example.com");
    const { result, requests } = await step(() => backendFor().studio.history("company", 1));
    expect(result.map((entry) => [entry.version, entry.savedBy, entry.fields.title])).toEqual([
      [3, "other@example.com", "Third"],
      [2, ADMIN, "Second"],
      [1, null, sampleCompany.title],
    ]);
    expect(result[2]!.fields).toEqual(companyFields);
    for (const entry of result) {
      expect(entry.savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(entry.savedAt)).toBeGreaterThanOrEqual(started - 1000);
    }
    expect(who(requests)).toEqual(["rest.content_versions.history service"]);
    expect(paramsOf(requests[0]!)).toEqual({
      select: "version,snapshot,saved_by,saved_at",
      record: "eq.company",
      record_id: "eq.1",
      order: "version.desc",
      limit: "20",
    });
  });

  it("is empty for a record never saved in the studio", async () => {
    expect((await step(() => backendFor().studio.history("about", 1))).result).toEqual([]);
  });

  it("keeps the newest 20 states of a record; the files only the dropped ones referred to come back as orphans", async () => {
    const first = photo();
    const { id } = await backendFor().studio.createService(serviceFields("Kept", first), ADMIN);
    // Another record uses one of the photos: it is never an orphan.
    const shared = photo();
    await backendFor().studio.save("service", 1, serviceFields("Shares a photo", shared), 1, ADMIN);

    const photos = [first];
    const outcomes = [];
    for (let version = 1; version <= 21; version++) {
      photos.push(version === 1 ? shared : photo());
      outcomes.push(await backendFor().studio.save("service", id, serviceFields(`Kept ${version + 1}`, photos.at(-1)), version, ADMIN));
    }
    // Saves making versions 2…20 drop nothing; version 21 drops version 1 (the first photo), 22 drops 2 (shared).
    expect(outcomes.slice(0, 19).map((outcome) => outcome.ok && outcome.orphans)).toEqual(Array(19).fill([]));
    expect(outcomes[19]).toEqual({ ok: true, version: 21, orphans: [{ folder: "Services", file: first.file }] });
    expect(outcomes[20]).toEqual({ ok: true, version: 22, orphans: [] });

    const history = await backendFor().studio.history("service", id);
    expect(history.map((entry) => entry.version)).toEqual(Array.from({ length: 20 }, (_, index) => 22 - index));
    expect(history[0]!.fields.photo).toEqual(photos.at(-1));
    expect(await versionsOf("service", id)).toHaveLength(20);
  });
});
