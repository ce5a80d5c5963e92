// The content studio on D1 (docs/decisions/0015). A save is one batch (one transaction): keep the state it replaces
// (when that state predates the studio and has no version row yet), update the row only if it still has the version
// the form was based on, record the new state, and drop versions beyond the newest VERSIONS_KEPT.
import { filesOf, VERSIONS_KEPT, type ContentVersion, type FieldsOf, type FileRef, type StudioRecord } from "~/domain/studio";
import type { StudioStore } from "~/backend/port.server";
import { columnsOf, fieldsOf, filesOfSnapshots, TABLE_OF, uniqueFiles, versionedOf } from "~/backend/rows/content.server";
import { query } from "./query.server";

type Row = Record<string, unknown> & { id: number; version: number };
type VersionRow = { version: number; snapshot: string; saved_by: string | null; saved_at: string };

/** A column value as D1 binds it: `translations` (an object) is stored as JSON text, a yes/no as 0 or 1. */
const d1Value = (value: string | number | boolean | null | object) =>
  typeof value === "boolean" ? Number(value) : typeof value === "object" && value !== null ? JSON.stringify(value) : value;

export function d1StudioStore(db: D1Database): StudioStore {
  const readRow = (record: StudioRecord, id: number) => query(() => db.prepare(`SELECT * FROM ${TABLE_OF[record]} WHERE id = ?`).bind(id).first<Row>());

  const keepVersion = (record: StudioRecord, id: number, version: number, fields: unknown, by: string | null) =>
    db
      .prepare("INSERT OR IGNORE INTO content_versions (record, record_id, version, snapshot, saved_by) VALUES (?, ?, ?, ?, ?)")
      .bind(record, id, version, JSON.stringify(fields), by);

  const beyondKept = (record: StudioRecord, id: number) =>
    `FROM content_versions WHERE record = '${record}' AND record_id = ${Number(id)} AND version NOT IN
       (SELECT version FROM content_versions WHERE record = '${record}' AND record_id = ${Number(id)} ORDER BY version DESC LIMIT ${VERSIONS_KEPT})`;

  /** Of these files, the ones no row and no kept version refers to any more. */
  async function orphans(candidates: FileRef[]): Promise<FileRef[]> {
    const unique = uniqueFiles(candidates);
    const referenced = await Promise.all(
      unique.map((ref) =>
        query(() =>
          db
            .prepare(
              `SELECT EXISTS (SELECT 1 FROM company WHERE homecover = ?1 OR contactcover = ?1)
                   OR EXISTS (SELECT 1 FROM about WHERE photoaurl = ?1 OR photoburl = ?1)
                   OR EXISTS (SELECT 1 FROM services WHERE photourl = ?1)
                   OR EXISTS (SELECT 1 FROM content_versions WHERE instr(snapshot, ?2) > 0) AS used`,
            )
            .bind(ref.file, `"file":${JSON.stringify(ref.file)}`)
            .first<{ used: number }>(),
        ),
      ),
    );
    return unique.filter((_, index) => !referenced[index]?.used);
  }

  const snapshotsFiles = (record: StudioRecord, rows: { snapshot: string }[]) =>
    filesOfSnapshots(
      record,
      rows.map((row) => JSON.parse(row.snapshot) as unknown),
    );

  return {
    async company() {
      const row = await query(() => db.prepare("SELECT * FROM company ORDER BY id LIMIT 1").first<Row>());
      return row ? versionedOf("company", row) : null;
    },

    async about() {
      const row = await query(() => db.prepare("SELECT * FROM about ORDER BY id LIMIT 1").first<Row>());
      return row ? versionedOf("about", row) : null;
    },

    async services() {
      const { results } = await query(() => db.prepare("SELECT * FROM services ORDER BY position, id").all<Row>());
      return results.map((row) => versionedOf("service", row));
    },

    async save(record, id, fields, basedOn, by) {
      const before = await readRow(record, id);
      if (!before) return { ok: false, reason: "not-found" };
      if (before.version !== basedOn) return { ok: false, reason: "conflict", current: versionedOf(record, before) };

      const columns = columnsOf(record, fields);
      const names = Object.keys(columns);
      const [, updated, , pruned] = await query(() =>
        db.batch<unknown>([
          keepVersion(record, id, before.version, fieldsOf(record, before), null),
          db
            .prepare(`UPDATE ${TABLE_OF[record]} SET ${names.map((name) => `${name} = ?`).join(", ")}, version = version + 1 WHERE id = ? AND version = ?`)
            .bind(...names.map((name) => d1Value(columns[name] ?? null)), id, basedOn),
          db
            .prepare(
              `INSERT OR IGNORE INTO content_versions (record, record_id, version, snapshot, saved_by)
               SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM ${TABLE_OF[record]} WHERE id = ? AND version = ?)`,
            )
            .bind(record, id, basedOn + 1, JSON.stringify(fields), by, id, basedOn + 1),
          db.prepare(`SELECT snapshot ${beyondKept(record, id)}`),
          db.prepare(`DELETE ${beyondKept(record, id)}`),
        ]),
      );
      if (updated!.meta.changes !== 1) {
        // Saved by someone else between the read and the batch: their version row stands, ours was ignored.
        const current = await readRow(record, id);
        return current ? { ok: false, reason: "conflict", current: versionedOf(record, current) } : { ok: false, reason: "not-found" };
      }
      const released = [...filesOf(record, fieldsOf(record, before)), ...snapshotsFiles(record, pruned!.results as { snapshot: string }[])];
      return { ok: true, version: basedOn + 1, orphans: await orphans(released) };
    },

    async createService(fields, by) {
      const columns = columnsOf("service", fields);
      const names = Object.keys(columns);
      const [inserted] = await query(() =>
        db.batch<{ id: number }>([
          db
            .prepare(
              `INSERT INTO services (${names.join(", ")}, position, version)
               VALUES (${names.map(() => "?").join(", ")}, (SELECT COALESCE(MAX(position), 0) + 1 FROM services), 1) RETURNING id`,
            )
            .bind(...names.map((name) => d1Value(columns[name] ?? null))),
          db
            .prepare(
              "INSERT INTO content_versions (record, record_id, version, snapshot, saved_by) SELECT 'service', id, 1, ?, ? FROM services WHERE rowid = last_insert_rowid()",
            )
            .bind(JSON.stringify(fields), by),
        ]),
      );
      return { id: inserted!.results[0]!.id };
    },

    async removeService(id) {
      const row = await readRow("service", id);
      if (!row) return { ok: false, reason: "not-found" };
      const [, versions] = await query(() =>
        db.batch<{ snapshot: string }>([
          db.prepare("DELETE FROM services WHERE id = ?").bind(id),
          db.prepare("SELECT snapshot FROM content_versions WHERE record = 'service' AND record_id = ?").bind(id),
          db.prepare("DELETE FROM content_versions WHERE record = 'service' AND record_id = ?").bind(id),
        ]),
      );
      const released = [...filesOf("service", fieldsOf("service", row)), ...snapshotsFiles("service", versions!.results)];
      return { ok: true, title: String(row.title), orphans: await orphans(released) };
    },

    async moveService(id, direction) {
      const { results } = await query(() => db.prepare("SELECT id FROM services ORDER BY position, id").all<{ id: number }>());
      const order = results.map((row) => row.id);
      const from = order.indexOf(id);
      const to = direction === "up" ? from - 1 : from + 1;
      if (from < 0 || to < 0 || to >= order.length) return false;
      [order[from], order[to]] = [order[to]!, order[from]!];
      // Positions are rewritten 1..n: an order that had gaps or ties (rows added by hand) becomes a clean one.
      await query(() => db.batch(order.map((serviceId, index) => db.prepare("UPDATE services SET position = ? WHERE id = ?").bind(index + 1, serviceId))));
      return true;
    },

    async history<R extends StudioRecord>(record: R, id: number): Promise<ContentVersion<FieldsOf<R>>[]> {
      const { results } = await query(() =>
        db
          .prepare("SELECT version, snapshot, saved_by, saved_at FROM content_versions WHERE record = ? AND record_id = ? ORDER BY version DESC LIMIT ?")
          .bind(record, id, VERSIONS_KEPT)
          .all<VersionRow>(),
      );
      return results.map((row) => ({ version: row.version, savedBy: row.saved_by, savedAt: row.saved_at, fields: JSON.parse(row.snapshot) as FieldsOf<R> }));
    },
  };
}
