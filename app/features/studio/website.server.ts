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
  translationsFromForm,
  type AboutFields,
  type CompanyFields,
  type FieldsOf,
  type ServiceFields,
  type StoredImage,
  type StudioRecord,
  type Versioned,
} from "~/domain/studio";
import { format, type Messages } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { purgePublicPages } from "~/platform/http/edge-cache.server";
import type { FieldErrors } from "~/platform/page/form-failure";
import { keptValues, parseFormData } from "~/request/forms.server";
import { inspectImage } from "~/features/studio/image-bytes";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { withStoredFiles, type FileBatch } from "~/platform/core/stored-files.server";
import { formText } from "~/platform/page/form-text";

type Upload = { folder: MediaFolder; file: string; bytes: Uint8Array; contentType: string };
type Images = { ok: true; images: Record<string, StoredImage | null>; uploads: Upload[] } | { ok: false; errors: FieldErrors };

/** The record's image slots after this post: new files checked by their bytes, alt texts required where an image is. */
async function readImages(t: Messages["studio"], record: StudioRecord, formData: FormData, current: Record<string, unknown> | null): Promise<Images> {
  const errors: FieldErrors = {};
  const images: Record<string, StoredImage | null> = {};
  const uploads: Upload[] = [];
  for (const slot of IMAGE_SLOTS[record]) {
    const sent = formData.get(slot.field);
    const file = sent instanceof File && sent.size > 0 ? sent : null;
    const existing = (current?.[slot.key] as StoredImage | null | undefined) ?? null;
    const alt = formText(formData, slot.altField).trim();
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

/** A save's new images, as a batch that is stored before the save and deleted again if it fails. */
function imagesOf(media: MediaStore, uploads: Upload[]): FileBatch {
  return {
    put: () => Promise.all(uploads.map((upload) => media.put(upload.folder, upload.file, upload.bytes, upload.contentType))),
    remove: () => media.remove(uploads),
  };
}

/** The field messages of the text (its schema) and of the images, together. */
function errorsOf(form: { ok: true } | { ok: false; errors: FieldErrors }, images: Images): FieldErrors {
  return { ...(form.ok ? {} : form.errors), ...(images.ok ? {} : images.errors) };
}

function anyFileSent(formData: FormData): boolean {
  return [...formData.values()].some((value) => value instanceof File && value.size > 0);
}

/** 400 with every field's message; a file that was chosen must be chosen again (browsers do not refill file inputs). */
function refused(t: Messages["studio"], formData: FormData, errors: FieldErrors, intent: string, id?: number) {
  const formError = anyFileSent(formData) ? t.fields.chooseAgain : null;
  return formFailure({ errors, values: keptValues(formData), formError, intent, id: id === undefined ? null : String(id) });
}

/** Stores the new images, saves, and cleans up after either outcome. */
async function commit<R extends StudioRecord>(
  input: IntentInput,
  {
    record,
    current,
    fields,
    basedOn,
    uploads,
    intent,
    success,
    anchor,
  }: {
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
  const t = input.messages.studio;
  const media = app.backend.media;
  // The new images are stored first and deleted again when the save throws or is refused (a stale version).
  const outcome = await withStoredFiles(imagesOf(media, uploads), async () => {
    const saved = await app.backend.studio.save(record, current.id, fields, basedOn, user.email);
    return { kept: saved.ok, value: saved };
  });
  if (!outcome.ok) {
    if (outcome.reason === "not-found") return formFailure({ formError: t.services.notFound, intent }, { status: 404 });
    const conflict = { version: outcome.current.version, values: formValuesOf(record, outcome.current.fields) };
    return formFailure({ values: keptValues(formData), formError: t.conflict.message, intent, id: String(current.id), conflict }, { status: 409 });
  }
  await media.remove(outcome.orphans);
  await purgePublicPages(url.origin);
  return redirectWithToast(`${url.pathname}${url.search}#${anchor}`, { type: "success", message: success(outcome.version) }, { request, config: app.config });
}

export async function saveCompany(input: IntentInput) {
  const t = input.messages.studio;
  const intent = "save-company";
  const form = parseFormData(input.formData, companyFormSchema(input.messages));
  const current = await input.app.backend.studio.company();
  if (!current) return formFailure({ formError: t.services.notFound, intent }, { status: 404 });
  const images = await readImages(t, "company", input.formData, current.fields);
  if (!form.ok || !images.ok) return refused(t, input.formData, errorsOf(form, images), intent);
  const { basedOn, title, description, address, email, phone, facebook, instegram, linkedin } = form.data;
  const fields: CompanyFields = {
    ...{ title, description, address, email, phone, facebook, instagram: instegram, linkedin },
    homeCover: images.images.homeCover ?? null,
    contactCover: images.images.contactCover ?? null,
    translations: translationsFromForm("company", form.data),
  };
  return commit(input, { record: "company", current, fields, basedOn, uploads: images.uploads, intent, success: () => t.company.saved, anchor: "company" });
}

export async function saveAbout(input: IntentInput) {
  const t = input.messages.studio;
  const intent = "save-about";
  const form = parseFormData(input.formData, aboutFormSchema(input.messages));
  const current = await input.app.backend.studio.about();
  if (!current) return formFailure({ formError: t.services.notFound, intent }, { status: 404 });
  const images = await readImages(t, "about", input.formData, current.fields);
  if (!form.ok || !images.ok) return refused(t, input.formData, errorsOf(form, images), intent);
  const fields: AboutFields = {
    description: form.data.description,
    photoA: images.images.photoA ?? null,
    photoB: images.images.photoB ?? null,
    translations: translationsFromForm("about", form.data),
  };
  return commit(input, {
    record: "about",
    current,
    fields,
    basedOn: form.data.basedOn,
    uploads: images.uploads,
    intent,
    success: () => t.about.saved,
    anchor: "about",
  });
}

async function serviceById(input: IntentInput, id: number) {
  return (await input.app.backend.studio.services()).find((service) => service.id === id) ?? null;
}

function serviceFieldsOf(
  form: { title: string; description: string; offers_calls?: "on" } & Record<string, unknown>,
  photo: StoredImage | null,
): ServiceFields {
  return {
    title: form.title,
    description: form.description,
    photo,
    translations: translationsFromForm("service", form),
    offersCalls: form.offers_calls === "on",
  };
}

export async function createService(input: IntentInput) {
  const t = input.messages.studio;
  const intent = "create-service";
  const { app, request, url, formData, user } = input;
  const form = parseFormData(formData, serviceFormSchema(input.messages));
  const images = await readImages(t, "service", formData, null);
  if (!form.ok || !images.ok) return refused(t, formData, errorsOf(form, images), intent);
  const fields = serviceFieldsOf(form.data, images.images.photo ?? null);
  const { id } = await withStoredFiles(imagesOf(app.backend.media, images.uploads), async () => ({
    kept: true,
    value: await app.backend.studio.createService(fields, user.email),
  }));
  await purgePublicPages(url.origin);
  return redirectWithToast(
    `${url.pathname}#service-${id}`,
    { type: "success", message: format(t.services.added, { title: fields.title }) },
    { request, config: app.config },
  );
}

export async function saveService(input: IntentInput) {
  const t = input.messages.studio;
  const intent = "save-service";
  const form = parseFormData(input.formData, serviceEditSchema(input.messages));
  const id = Number(input.formData.get("id"));
  const current = Number.isInteger(id) ? await serviceById(input, id) : null;
  if (!current) return formFailure({ formError: t.services.notFound, intent }, { status: 404 });
  const images = await readImages(t, "service", input.formData, current.fields);
  if (!form.ok || !images.ok) return refused(t, input.formData, errorsOf(form, images), intent, id);
  const fields = serviceFieldsOf(form.data, images.images.photo ?? null);
  const success = () => format(t.services.saved, { title: fields.title });
  return commit(input, { record: "service", current, fields, basedOn: form.data.basedOn, uploads: images.uploads, intent, success, anchor: "service-editor" });
}

export async function deleteService({ app, request, url, formData, messages }: IntentInput) {
  const t = messages.studio;
  const id = Number(formData.get("id"));
  const result = Number.isInteger(id) && id > 0 ? await app.backend.studio.removeService(id) : null;
  if (!result?.ok) return formFailure({ formError: t.services.notFound, intent: "delete-service" }, { status: 404 });
  await app.backend.media.remove(result.orphans);
  await purgePublicPages(url.origin);
  return redirectWithToast(
    `${url.pathname}#services-list`,
    { type: "success", message: format(t.services.deleted, { title: result.title }) },
    { request, config: app.config },
  );
}

export async function moveService(input: IntentInput) {
  const t = input.messages.studio;
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
  const t = input.messages.studio;
  const intent = "restore";
  const form = parseFormData(input.formData, restoreSchema(input.messages));
  if (!form.ok) return formFailure({ formError: t.history.notFound, intent }, { status: 404 });
  const { record, id, version, basedOn } = form.data;
  const studio = input.app.backend.studio;
  const current = record === "service" ? await serviceById(input, id) : await studio[record]();
  const kept = current ? (await studio.history(record, current.id)).find((entry) => entry.version === version) : undefined;
  if (!current || !kept) return formFailure({ formError: t.history.notFound, intent }, { status: 404 });
  const anchor = record === "service" ? "service-editor" : record;
  const success = (newVersion: number) => format(t.history.restored, { version, newVersion });
  return commit(input, { record, current, fields: kept.fields, basedOn, uploads: [], intent, success, anchor });
}
