// The studio's editors: the company, the about page, and one service (the same editor adds a new one). Each is a
// multipart form that works without JavaScript; after a refused save it shows what was typed, with the messages.
import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { CheckboxField, Field, FormAlert, SubmitButton } from "~/components/forms";
import {
  IMAGE_SLOTS,
  STUDIO_LIMITS,
  type AboutFields,
  type CompanyFields,
  type ServiceFields,
  type StoredImage,
  type StudioRecord,
  type Versioned,
} from "~/domain/studio";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";
import { TRANSLATABLE, TRANSLATED_LOCALES, translationField } from "~/domain/translations";
import { format, type Locale, type Messages } from "~/i18n";
import { ConflictTable, ImageSlotFields, TranslatedField, type FormState, type ShownImage } from "./StudioParts";

/** A record as the page shows it: its images with URLs. */
export type Shown<F> = Versioned<{ [K in keyof F]: F[K] extends StoredImage | null ? ShownImage | null : F[K] }>;

type EditorProps<F> = { record: Shown<F> | null; values: Record<string, string>; failure: FormFailure | null; intent: string };

/** This form's failure, if the last post was this form's (and, for a service, this service's). */
export function failureOf(failure: FormFailure | null, intent: string, id?: number): FormFailure | null {
  if (!failure || failure.intent !== intent) return null;
  return id === undefined || failure.id === String(id) ? failure : null;
}

function StudioForm({
  intent,
  failure,
  version,
  id,
  labels,
  submit,
  children,
}: {
  intent: string;
  failure: FormFailure | null;
  version?: number;
  id?: number;
  labels: Record<string, string>;
  submit: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const t = useMessages().studio;
  return (
    // A new key after each failure: the inputs take the kept values as their defaults again.
    <Form method="post" encType="multipart/form-data" className="form studio-form" key={failure?.toast?.id ?? location.key} noValidate preventScrollReset>
      <FormAlert message={failure?.formError}>
        {failure?.conflict && <ConflictTable conflict={failure.conflict} typed={failure.values} labels={labels} />}
      </FormAlert>
      {version !== undefined && <input type="hidden" name="basedOn" value={failure?.conflict?.version ?? version} />}
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      {children}
      <SubmitButton intent={intent} rowId={id === undefined ? undefined : String(id)} label={submit} pendingLabel={t.saving} />
    </Form>
  );
}

function stateOf(values: Record<string, string>, failure: FormFailure | null): FormState {
  return { values: failure?.values ?? values, errors: failure?.errors ?? {} };
}

/** The conflict table's labels: each field's, and a translated text's in each language, named as its input is. */
function labelsOf(messages: Messages, record: StudioRecord, english: Record<string, string>): Record<string, string> {
  const labels = { ...english };
  const inLanguage = (field: string, locale: Locale) =>
    format(messages.studio.fields.inLanguage, { field: english[field]!, language: messages.localeNames[locale] });
  for (const field of Object.values(TRANSLATABLE[record])) {
    if (!english[field]) continue;
    labels[field] = inLanguage(field, "en");
    for (const locale of TRANSLATED_LOCALES) labels[translationField(field, locale)] = inLanguage(field, locale);
  }
  return labels;
}

export function CompanyEditor({ record, values, failure, intent }: EditorProps<CompanyFields> & { record: Shown<CompanyFields> }) {
  const messages = useMessages();
  const t = messages.studio;
  const f = t.fields;
  const state = stateOf(values, failure);
  const text = (name: keyof typeof f, props: Record<string, unknown> = {}) => (
    <Field label={f[name]} name={name} defaultValue={state.values[name] ?? ""} error={state.errors[name]} {...props} />
  );
  const english = {
    title: f.title,
    description: f.description,
    address: f.address,
    email: f.email,
    phone: f.phone,
    facebook: f.facebook,
    instegram: f.instegram,
    linkedin: f.linkedin,
    homecover_alt: f.homecover,
    contactcover_alt: f.contactcover,
  };
  return (
    <StudioForm intent={intent} failure={failure} version={record.version} labels={labelsOf(messages, "company", english)} submit={t.company.save}>
      <TranslatedField label={f.title} name="title" required maxLength={STUDIO_LIMITS.title} state={state} />
      <TranslatedField label={f.description} name="description" rows={4} maxLength={STUDIO_LIMITS.description} state={state} />
      <TranslatedField label={f.address} name="address" maxLength={STUDIO_LIMITS.address} state={state} />
      {text("email", { type: "email", required: true, maxLength: STUDIO_LIMITS.email, dir: "ltr" })}
      {text("phone", { type: "tel", maxLength: STUDIO_LIMITS.phone, dir: "ltr" })}
      {(["facebook", "instegram", "linkedin"] as const).map((name) => (
        <Field
          key={name}
          label={f[name]}
          name={name}
          type="url"
          dir="ltr"
          hint={f.linkHint}
          maxLength={STUDIO_LIMITS.url}
          defaultValue={state.values[name] ?? ""}
          error={state.errors[name]}
        />
      ))}
      <ImageSlots record="company" images={record.fields as unknown as Record<string, ShownImage | null>} state={state} />
    </StudioForm>
  );
}

export function AboutEditor({ record, values, failure, intent }: EditorProps<AboutFields> & { record: Shown<AboutFields> }) {
  const messages = useMessages();
  const t = messages.studio;
  const f = t.fields;
  const state = stateOf(values, failure);
  const labels = labelsOf(messages, "about", { description: f.description, photoa_alt: f.photoaurl, photob_alt: f.photoburl });
  return (
    <StudioForm intent={intent} failure={failure} version={record.version} labels={labels} submit={t.about.save}>
      <TranslatedField label={f.description} name="description" rows={6} required maxLength={STUDIO_LIMITS.description} state={state} />
      <ImageSlots record="about" images={record.fields as unknown as Record<string, ShownImage | null>} state={state} />
    </StudioForm>
  );
}

/** Edits a service, or (without `record`) adds one. */
export function ServiceEditor({ record, values, failure, intent }: EditorProps<ServiceFields>) {
  const messages = useMessages();
  const t = messages.studio;
  const f = t.fields;
  const state = stateOf(values, failure);
  return (
    <StudioForm
      intent={intent}
      failure={failure}
      version={record?.version}
      id={record?.id}
      labels={labelsOf(messages, "service", { title: f.title, description: f.description, photo_alt: f.photourl })}
      submit={record ? t.services.save : t.services.add}
    >
      <TranslatedField label={f.title} name="title" required maxLength={STUDIO_LIMITS.title} state={state} />
      <TranslatedField label={f.description} name="description" rows={5} required maxLength={STUDIO_LIMITS.description} state={state} />
      <CheckboxField
        id={`offers-calls-${record?.id ?? "new"}`}
        name="offers_calls"
        label={f.offersCalls}
        hint={f.offersCallsHint}
        defaultChecked={state.values.offers_calls === "on"}
        error={state.errors.offers_calls}
      />
      <ImageSlots record="service" images={(record?.fields ?? {}) as unknown as Record<string, ShownImage | null>} state={state} />
    </StudioForm>
  );
}

function ImageSlots({ record, images, state }: { record: StudioRecord; images: Record<string, ShownImage | null>; state: FormState }) {
  const f = useMessages().studio.fields;
  return (
    <>
      {IMAGE_SLOTS[record].map((slot) => (
        <ImageSlotFields key={slot.field} label={f[slot.field]} field={slot.field} altField={slot.altField} image={images[slot.key] ?? null} state={state} />
      ))}
    </>
  );
}
