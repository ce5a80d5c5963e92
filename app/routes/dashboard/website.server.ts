// Actions of /Dashboard/Website (admins only; docs/decisions/0015). Every save: the text checked with the form's shared
// schema, every new image checked by its bytes, then the images stored under new names, then the record saved if
// nobody saved it since the form was rendered. A refused save stores nothing (new images are deleted again); a
// successful one deletes the files nothing refers to any more and drops the public pages from the edge cache.
import type { MediaStore } from "~/backend/port.server";
import type { MediaFolder } from "~/domain/content";
import {
  aboutFormSchema,
  companyFormSchema,
  IMAGE_SLOTS,
  formValuesOf,
  restoreSchema,
  serviceEditSchema,
  serviceFormSchema,
  serviceMoveSchema,
  type FieldsOf,
  type StoredImage,
  type StudioRecord,
  type Versioned,
} from "~/domain/studio";
import { en, format } from "~/i18n";
import { formFailure } from "~/lib/action-result.server";
import { purgePublicPages } from "~/lib/edge-cache.server";
import type { FieldErrors } from "~/lib/form-failure";
import { keptValues, parseFormData } from "~/lib/forms.server";
import { inspectImage } from "~/lib/image-bytes";
import type { IntentInput } from "~/lib/intents.server";
import { redirectWithToast } from "~/lib/toast.server";

const t = en.studio;

type Upload = { folder: MediaFolder; file: string; bytes: Uint8Array; contentType: string };
type Images = { ok: true; images: Record<string, StoredImage | null>; uploads: Upload[] } | { ok: false; errors: FieldErrors };

/** The record's image slots after this post: new files checked by their bytes, alt texts required where an image is. */
async function readImages(record: StudioRecord, formData: FormData, current: Record<string, unknown> | null): Promise<Images> {
  const errors: FieldErrors = {};
  const images: Record<string, StoredImage | null> = {};
  const uploads: Upload[] = [];
  for (const slot of IMAGE_SLOTS[record]) {
    const sent = formData.get(slot.field);
    const file = sent instanceof File && sent.size > 0 ? sent : null;
    const existing = (current?.[slot.key] as StoredImage | null | undefined) ?? null;
    const alt = String(formData.get(slot.altField) ?? "").trim();
    if ((file || existing) && !alt) errors[slot.altField] = t.images.altRequired;
    if (!file) {
      images[slot.key] = existing ? { ...existing, alt: alt || existing.alt } : null;
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const inspected = inspectImage(bytes);
    if (!inspected.ok) {
      errors[slot.field] = t.images[inspected.reason];
      continue;
    }
    const { image } = inspected;
    // A new name for every upload: image URLs are cached for a year, so a name never gets other bytes.
    const name = `${slot.folder.toLowerCase()}-${crypto.randomUUID()}.${image.extension}`;
    uploads.push({ folder: slot.folder, file: name, bytes, contentType: image.contentType });
    images[slot.key] = { file: name, alt, width: image.width, height: image.height };
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, images, uploads };
}

/**
 * Stores the new images, then runs the write; when the write throws, the images are deleted again (nothing stored).
 * A write that answers a refusal deletes them itself (`commit`).
 */
async function withUploads<T>(media: MediaStore, uploads: Upload[], write: () => Promise<T>): Promise<T> {
  await Promise.all(uploads.map((upload) => media.put(upload.folder, upload.file, upload.bytes, upload.contentType)));
  return write().catch(async (error: unknown) => {
    await media.remove(uploads);
    throw error;
  });
}

/** The field messages of the text (its schema) and of the images, together. */
function errorsOf(form: { ok: true } | { ok: false; errors: FieldErrors }, images: Images): FieldErrors {
  return { ...(form.ok ? {} : form.errors), ...(images.ok ? {} : images.errors) };
}

function anyFileSent(formData: FormData): boolean {
  return [...formData.values()].some((value) => value instanceof File && value.size > 0);
}

/** 400 with every field's message; a file that was chosen must be chosen again (browsers do not refill file inputs). */
function refused(formData: FormData, errors: FieldErrors, intent: string, id?: number) {
  const formError = anyFileSent(formData) ? t.fields.chooseAgain : null;
  return formFailure({ errors, values: keptValues(formData), formError, intent, id: id === undefined ? null : String(id) });
}

/** Stores the new images, saves, and cleans up after either outcome. */
async function commit<R extends StudioRecord>(
  input: IntentInput,
  { record, current, fields, basedOn, uploads, intent, success, anchor }: {
    record: R;
    current: Versioned<FieldsOf<R>>;
    fields: FieldsOf<R>;
    basedOn: number;
    uploads: Upload[];
    intent: string;
    success: (version: number) => string;
    anchor: string;
  },
) {
  const { app, request, url, formData, user } = input;
  const media = app.backend.media;
  const outcome = await withUploads(media, uploads, () => app.backend.studio.save(record, current.id, fields, basedOn, user.email));
  if (!outcome.ok) {
    await media.remove(uploads);
    if (outcome.reason === "not-found") return formFailure({ formError: t.services.notFound, intent }, { status: 404 });
    const conflict = { version: outcome.current.version, values: formValuesOf(record, outcome.current.fields) };
    return formFailure({ values: keptValues(formData), formError: t.conflict.message, intent, id: String(current.id), conflict }, { status: 409 });
  }
  await media.remove(outcome.orphans);
  await purgePublicPages(url.origin);
  return redirectWithToast(`${url.pathname}${url.search}#${anchor}`, { type: "success", message: success(outcome.version) }, { request, config: app.config });
}

export async function saveCompany(input: IntentInput) {
  const intent = "save-company";
  const form = parseFormData(input.formData, companyFormSchema);
  const current = await input.app.backend.studio.company();
  if (!current) return formFailure({ formError: t.services.notFound, intent }, { status: 404 });
  const images = await readImages("company", input.formData, current.fields);
  if (!form.ok || !images.ok) return refused(input.formData, errorsOf(form, images), intent);
  const { basedOn, instegram, homecover_alt: _h, contactcover_alt: _c, ...text } = form.data;
  const fields = { ...text, instagram: instegram, homeCover: images.images.homeCover ?? null, contactCover: images.images.contactCover ?? null };
  return commit(input, { record: "company", current, fields, basedOn, uploads: images.uploads, intent, success: () => t.company.saved, anchor: "company" });
}

export async function saveAbout(input: IntentInput) {
  const intent = "save-about";
  const form = parseFormData(input.formData, aboutFormSchema);
  const current = await input.app.backend.studio.about();
  if (!current) return formFailure({ formError: t.services.notFound, intent }, { status: 404 });
  const images = await readImages("about", input.formData, current.fields);
  if (!form.ok || !images.ok) return refused(input.formData, errorsOf(form, images), intent);
  const fields = { description: form.data.description, photoA: images.images.photoA ?? null, photoB: images.images.photoB ?? null };
  return commit(input, { record: "about", current, fields, basedOn: form.data.basedOn, uploads: images.uploads, intent, success: () => t.about.saved, anchor: "about" });
}

async function serviceById(input: IntentInput, id: number) {
  return (await input.app.backend.studio.services()).find((service) => service.id === id) ?? null;
}

export async function createService(input: IntentInput) {
  const intent = "create-service";
  const { app, request, url, formData, user } = input;
  const form = parseFormData(formData, serviceFormSchema);
  const images = await readImages("service", formData, null);
  if (!form.ok || !images.ok) return refused(formData, errorsOf(form, images), intent);
  const fields = { title: form.data.title, description: form.data.description, photo: images.images.photo ?? null };
  const { id } = await withUploads(app.backend.media, images.uploads, () => app.backend.studio.createService(fields, user.email));
  await purgePublicPages(url.origin);
  return redirectWithToast(`${url.pathname}#service-${id}`, { type: "success", message: format(t.services.added, { title: fields.title }) }, { request, config: app.config });
}

export async function saveService(input: IntentInput) {
  const intent = "save-service";
  const form = parseFormData(input.formData, serviceEditSchema);
  const id = Number(input.formData.get("id"));
  const current = Number.isInteger(id) ? await serviceById(input, id) : null;
  if (!current) return formFailure({ formError: t.services.notFound, intent }, { status: 404 });
  const images = await readImages("service", input.formData, current.fields);
  if (!form.ok || !images.ok) return refused(input.formData, errorsOf(form, images), intent, id);
  const fields = { title: form.data.title, description: form.data.description, photo: images.images.photo ?? null };
  const success = () => format(t.services.saved, { title: fields.title });
  return commit(input, { record: "service", current, fields, basedOn: form.data.basedOn, uploads: images.uploads, intent, success, anchor: "service-editor" });
}

export async function deleteService({ app, request, url, formData }: IntentInput) {
  const id = Number(formData.get("id"));
  const result = Number.isInteger(id) && id > 0 ? await app.backend.studio.removeService(id) : null;
  if (!result?.ok) return formFailure({ formError: t.services.notFound, intent: "delete-service" }, { status: 404 });
  await app.backend.media.remove(result.orphans);
  await purgePublicPages(url.origin);
  return redirectWithToast(`${url.pathname}#services-list`, { type: "success", message: format(t.services.deleted, { title: result.title }) }, { request, config: app.config });
}

export async function moveService(input: IntentInput) {
  const { app, request, url, formData } = input;
  const form = parseFormData(formData, serviceMoveSchema);
  const service = form.ok ? await serviceById(input, form.data.id) : null;
  if (!form.ok || !service) return formFailure({ formError: t.services.notFound, intent: "move-service" }, { status: 404 });
  if (!(await app.backend.studio.moveService(service.id, form.data.direction))) {
    return formFailure({ formError: t.services.cannotMove, intent: "move-service", id: String(service.id) }, { status: 409 });
  }
  await purgePublicPages(url.origin);
  const message = format(t.services.moved, { title: service.fields.title });
  return redirectWithToast(`${url.pathname}#service-${service.id}`, { type: "success", message }, { request, config: app.config });
}

export async function restoreVersion(input: IntentInput) {
  const intent = "restore";
  const form = parseFormData(input.formData, restoreSchema);
  if (!form.ok) return formFailure({ formError: t.history.notFound, intent }, { status: 404 });
  const { record, id, version, basedOn } = form.data;
  const studio = input.app.backend.studio;
  const current = record === "service" ? await serviceById(input, id) : await studio[record]();
  const kept = current ? (await studio.history(record, current.id)).find((entry) => entry.version === version) : undefined;
  if (!current || !kept) return formFailure({ formError: t.history.notFound, intent }, { status: 404 });
  const anchor = record === "service" ? "service-editor" : record;
  const success = (newVersion: number) => format(t.history.restored, { version, newVersion });
  return commit(input, { record, current: current as Versioned<FieldsOf<typeof record>>, fields: kept.fields, basedOn, uploads: [], intent, success, anchor });
}
