// The booking form (/Book, issue 25): a plain form, complete without JavaScript. A refused booking comes back with
// what was typed and a message per field; a start time the clocks repeat that night comes back with the two to choose from.
// Staff use the same form (docs/decisions/0032): to book on a customer's behalf ("staff": they confirm the customer
// agreed, and choose the language of the customer's e-mails, instead of the visitor's consent and bot checks) and to
// change an appointment ("change": its language kept, no consent, the version the page showed sent with it).
import { Form, Link } from "react-router";
import { durationChoices } from "~/domain/appointment-times";
import { APPOINTMENT_MODES, APPOINTMENT_SETTINGS, GENDER_PREFERENCES } from "~/domain/appointments";
import { BOOKING_LIMITS } from "~/domain/booking-request";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf } from "~/domain/zoned-time";
import { format, formatNumber } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { CheckboxField, Field, FormAlert, formFields, languageOptions, SelectField, SubmitButton, TextAreaField } from "~/components/forms";
import { BotChecks } from "~/components/BotChecks";
import { clockWithZone, durationText } from "./appointment-text";

export type BookingFormOptions = {
  /** The languages someone is linked to: those an interpreter can be found for. */
  languages: { id: number; name: string }[];
  /** The first day a booking may be (today on the company's calendar). */
  today: string;
  turnstileSiteKey: string | null;
  /** A signed-in requester's address: the booking is made from it, so the field shows it and cannot be changed. */
  accountEmail?: string | null;
  /** A signed-in requester's organisation's past interpreters: whom "the same interpreter as last time" can name. */
  pastInterpreters?: { id: string; name: string }[];
};

/** One choice among a few, as radio buttons that work without JavaScript: a fieldset named by its legend, its error tied to it. */
function Choices({
  id,
  legend,
  name,
  options,
  checked,
  error,
}: {
  id: string;
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  checked: string;
  error?: string;
}) {
  return (
    <fieldset id={id} className="field choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choices__options">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input type="radio" name={name} value={option.value} defaultChecked={checked === option.value} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Who fills the form in, and what for. */
export type BookingFormVariant =
  { kind: "public" } | { kind: "staff" } | { kind: "change"; version: number; language: string; formId: string; labelledBy: string };

export function BookingForm({
  options,
  state,
  variant = { kind: "public" },
}: {
  options: BookingFormOptions;
  /** A refused post, or (to change an appointment) its details as the fields' values. */
  state: Partial<Pick<FormFailure, "values" | "errors" | "formError">> | null;
  variant?: BookingFormVariant;
}) {
  const t = useMessages();
  const b = t.book;
  const locale = useLocale();
  const href = useLocalizedPath();
  const values = state?.values ?? {};
  const errors = state?.errors ?? {};
  const field = formFields(variant.kind === "change" ? "change" : "book", state);
  const staff = variant.kind !== "public";
  // Staff screens show pending states with JavaScript (the router's Form); the public page is never hydrated.
  const FormElement = staff ? Form : "form";
  // The autumn-change night: the typed time happens twice, and the visitor says which.
  const typed = values.date && values.time ? instantOf({ date: values.date, time: values.time }, COMPANY_TIME_ZONE) : null;

  return (
    <FormElement
      id={variant.kind === "change" ? variant.formId : "book-form"}
      method="post"
      className="form book-form"
      aria-labelledby={variant.kind === "change" ? variant.labelledBy : "book-title"}
      noValidate
    >
      <FormAlert message={state?.formError} />
      {variant.kind === "change" ? (
        <>
          <input type="hidden" name="basedOn" value={variant.version} />
          <p>
            {t.appointments.change.languageNote.split("{language}")[0]}
            <bdi>{variant.language}</bdi>
            {t.appointments.change.languageNote.split("{language}")[1]}
          </p>
        </>
      ) : (
        <SelectField
          {...field("language")}
          label={b.language}
          required
          placeholder={b.chooseLanguage}
          options={languageOptions(options.languages, locale !== "en" ? "en" : undefined)}
        />
      )}
      <Choices
        id="book-mode"
        legend={b.mode}
        name="mode"
        options={APPOINTMENT_MODES.map((mode) => ({ value: mode, label: b.modes[mode] }))}
        checked={values.mode ?? "on_site"}
        error={errors.mode}
      />
      <SelectField
        {...field("setting")}
        label={b.setting}
        required
        placeholder={b.chooseSetting}
        options={APPOINTMENT_SETTINGS.map((setting) => ({ value: setting, label: b.settings[setting] }))}
      />
      <div className="form-grid">
        <Field {...field("date")} label={b.date} type="date" required min={options.today} />
        <Field {...field("time")} label={b.time} type="time" required />
      </div>
      {typed?.kind === "repeated" && (
        <Choices
          id="book-occurrence"
          legend={b.occurrence}
          name="occurrence"
          options={[
            { value: "earlier", label: clockWithZone(locale, typed.earlier) },
            { value: "later", label: clockWithZone(locale, typed.later) },
          ]}
          checked={values.occurrence ?? ""}
          error={errors.occurrence}
        />
      )}
      <SelectField
        {...field("duration")}
        label={b.duration}
        required
        options={durationChoices().map((minutes) => ({ value: String(minutes), label: durationText(t, minutes) }))}
        defaultValue={values.duration ?? "60"}
      />
      <Field {...field("address")} label={b.address} hint={b.addressHint} autoComplete="street-address" maxLength={BOOKING_LIMITS.address} />
      <Field {...field("callNumber")} label={b.callNumber} type="tel" dir="ltr" maxLength={BOOKING_LIMITS.phone} />
      <fieldset className="field">
        <legend>{b.contactHeading}</legend>
        <div className="form-grid">
          <Field {...field("name")} label={b.name} autoComplete="name" required maxLength={BOOKING_LIMITS.name} />
          <Field
            {...field("email")}
            {...(options.accountEmail ? { defaultValue: options.accountEmail, readOnly: true, hint: b.accountEmailHint } : {})}
            label={b.email}
            type="email"
            autoComplete="email"
            dir="ltr"
            required
            maxLength={BOOKING_LIMITS.email}
          />
          <Field {...field("phone")} label={b.phone} type="tel" autoComplete="tel" dir="ltr" required maxLength={BOOKING_LIMITS.phone} />
          <Field {...field("organisation")} label={b.organisation} autoComplete="organization" maxLength={BOOKING_LIMITS.organisation} />
        </div>
      </fieldset>
      <TextAreaField
        {...field("notes")}
        label={b.notes}
        rows={4}
        maxLength={BOOKING_LIMITS.notes}
        hint={format(b.notesHint, { max: formatNumber(locale, BOOKING_LIMITS.notes) })}
      />
      <SelectField
        {...field("gender")}
        label={b.gender}
        options={[{ value: "", label: b.genders.none }, ...GENDER_PREFERENCES.map((gender) => ({ value: gender, label: b.genders[gender] }))]}
      />
      {variant.kind === "public" && options.pastInterpreters && options.pastInterpreters.length > 0 && (
        <SelectField
          {...field("sameInterpreter")}
          label={b.sameInterpreter}
          hint={b.sameInterpreterHint}
          options={[{ value: "", label: b.sameInterpreterNone }, ...options.pastInterpreters.map((person) => ({ value: person.id, label: person.name }))]}
        />
      )}
      {variant.kind === "staff" && (
        <SelectField
          {...field("locale")}
          label={t.appointments.newBooking.customerLocale}
          options={[
            { value: "en", label: t.appointments.newBooking.locales.en },
            { value: "ar", label: t.appointments.newBooking.locales.ar },
          ]}
          defaultValue={values.locale ?? "en"}
        />
      )}
      {variant.kind !== "change" && (
        <CheckboxField
          id="book-consent"
          name="consent"
          error={errors.consent}
          defaultChecked={values.consent === "on"}
          required
          label={
            <>
              {staff ? t.appointments.newBooking.consent : b.consent} <Link to={href("/Privacy")}>{t.footer.privacy}</Link>
            </>
          }
        />
      )}
      {variant.kind === "public" && <BotChecks form="book" turnstileSiteKey={options.turnstileSiteKey} />}
      <div>
        {variant.kind === "public" ? (
          <button type="submit" className="button" data-pending-label={b.sending}>
            {b.send}
          </button>
        ) : variant.kind === "staff" ? (
          <SubmitButton label={t.appointments.newBooking.submit} pendingLabel={t.appointments.newBooking.sending} />
        ) : (
          <SubmitButton intent="change" label={t.appointments.change.submit} pendingLabel={t.appointments.change.saving} />
        )}
      </div>
    </FormElement>
  );
}
