// Form pieces shared by every form: a labelled field with its error tied to it (text, select, text area, checkbox,
// checkbox group, radio group), a form-level alert, and a submit button with a pending state.
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useNavigation } from "react-router";

type FrameProps = { label: string; name: string; error?: string; hint?: ReactNode; id?: string };
type IdProps = Pick<FrameProps, "name" | "error" | "hint" | "id">;
/** `cell`: a field inside a table row (edit mode): the label is for screen readers only, the input is compact. */
type Layout = { layout?: "stacked" | "cell" };

/** Label, hint and error around one control, tied to it with aria-describedby and aria-invalid. */
function useFieldIds({ name, error, hint, id }: IdProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ") || undefined;
  return { inputId, describedBy, control: { id: inputId, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } };
}

function FieldFrame({ label, hint, error, inputId, layout = "stacked", children }: FrameProps & Layout & { inputId: string; children: ReactNode }) {
  return (
    <div className={layout === "cell" ? "cell-field" : "field"}>
      <label htmlFor={inputId} className={layout === "cell" ? "visually-hidden" : undefined}>
        {label}
      </label>
      <Note id={`${inputId}-hint`} text={hint} kind="hint" />
      {children}
      <Note id={`${inputId}-error`} text={error} kind="error" />
    </div>
  );
}

/** A field's hint or error, by the id its control names in aria-describedby; nothing when there is no text. */
function Note({ id, text, kind }: { id: string; text: ReactNode; kind: "hint" | "error" }) {
  if (!text) return null;
  return (
    <p id={id} className={`field__${kind}`}>
      {text}
    </p>
  );
}

export function Field({ label, name, error, hint, id, layout, ...input }: FrameProps & Layout & InputHTMLAttributes<HTMLInputElement>) {
  const { inputId, control } = useFieldIds({ name, error, hint, id });
  return (
    <FieldFrame label={label} name={name} error={error} hint={hint} inputId={inputId} layout={layout}>
      <input {...control} className={layout === "cell" ? "cell-input" : undefined} {...input} />
    </FieldFrame>
  );
}

type SelectProps = FrameProps &
  Layout & {
    /** A first, empty option ("Choose…"), which a required select refuses. */
    placeholder?: string;
    /** `lang`: an option named in another language than the page (a language choice names each in itself). */
    options: { value: string; label: string; lang?: string }[];
  } & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled choice. */
export function SelectField({ label, name, error, hint, id, layout, placeholder, options, ...select }: SelectProps) {
  const { inputId, control } = useFieldIds({ name, error, hint, id });
  return (
    <FieldFrame label={label} name={name} error={error} hint={hint} inputId={inputId} layout={layout}>
      <select {...control} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type RadioGroupProps<V extends string> = {
  legend: string;
  name: string;
  options: { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  hint?: ReactNode;
};

/**
 * A labelled choice of one among a few, as radio buttons: the group is a fieldset named by its legend, each box sits
 * beside its own label (and is never styled as a text field), the hint is tied to the group.
 */
export function RadioGroup<V extends string>({ legend, name, options, value, onChange, disabled, hint }: RadioGroupProps<V>) {
  const id = useId();
  return (
    <fieldset className="choices" disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      <Note id={`${id}-hint`} text={hint} kind="hint" />
      <div className="choices__options">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One checkbox with its label beside it (consent), and its error tied to it. */
export function CheckboxField({
  label,
  name,
  error,
  hint,
  id,
  ...input
}: { label: ReactNode; name: string; error?: string; hint?: ReactNode; id?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { inputId, control } = useFieldIds({ name, error, hint, id });
  return (
    <div className="field field--checkbox">
      <label>
        <input type="checkbox" {...control} {...input} />
        <span>{label}</span>
      </label>
      <Note id={`${inputId}-hint`} text={hint} kind="hint" />
      <Note id={`${inputId}-error`} text={error} kind="error" />
    </div>
  );
}

type CheckboxGroupProps = {
  id: string;
  legend: string;
  name: string;
  /** `lang`: an option named in another language than the page. */
  options: { value: string; label: string; lang?: string }[];
  /** The values checked when the form is drawn (a refused post's choices). */
  checked: ReadonlySet<string>;
  hint?: ReactNode;
  error?: string;
  className?: string;
};

/** A choice of several (a request's target languages): a fieldset named by its legend, its hint and error tied to it. */
export function CheckboxGroup({ id, legend, name, options, checked, hint, error, className }: CheckboxGroupProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset id={id} className={className ? `field ${className}` : "field"} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <Note id={`${id}-hint`} text={hint} kind="hint" />
      <ul className="checkbox-grid">
        {options.map((option) => (
          <li key={option.value}>
            <label>
              <input type="checkbox" name={name} value={option.value} defaultChecked={checked.has(option.value)} aria-invalid={error ? true : undefined} />
              <bdi lang={option.lang}>{option.label}</bdi>
            </label>
          </li>
        ))}
      </ul>
      <Note id={`${id}-error`} text={error} kind="error" />
    </fieldset>
  );
}

/**
 * Binds a form's fields to what a refused post sent back: `field("email")` gives the field's id (`<prefix>-email`),
 * name, the value to refill and its message, so each field names only what is its own (label, limits, type).
 */
export function formFields(prefix: string, state: { values?: Record<string, string>; errors?: Record<string, string | undefined> } | null | undefined) {
  const values = state?.values ?? {};
  const errors = state?.errors ?? {};
  return (name: string) => ({ id: `${prefix}-${name}`, name, defaultValue: values[name], error: errors[name] });
}

/** The options of a choice of languages (rows of the languages table); `lang` marks their names when they are in
 * another language than the page. */
export const languageOptions = (languages: { id: number; name: string }[], lang?: string) =>
  languages.map((language) => ({ value: String(language.id), label: language.name, lang }));

export function TextAreaField({ label, name, error, hint, id, ...textarea }: FrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { inputId, control } = useFieldIds({ name, error, hint, id });
  return (
    <FieldFrame label={label} name={name} error={error} hint={hint} inputId={inputId}>
      <textarea {...control} {...textarea} />
    </FieldFrame>
  );
}

/** A message about the whole form (wrong password, rate limit): announced, and focused so it is read first. */
export function FormAlert({ message, children }: { message?: string | null; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} role="alert" tabIndex={-1} className="form-alert">
      <p>{message}</p>
      {children}
    </div>
  );
}

/** Submit button that shows the pending label while its form's submission is under way. */
export function SubmitButton({
  label,
  pendingLabel,
  intent,
  className,
  form,
  accessibleName,
  rowId,
  rowField = "id",
}: {
  label: string;
  pendingLabel: string;
  intent?: string;
  className?: string;
  /** The id of the form it submits, when the button sits outside it (a table row's edit form). */
  form?: string;
  /** A fuller name for screen readers, starting with the visible label ("Lock ana@example.com"). */
  accessibleName?: string;
  /** In a table of rows with the same forms: pending only while this row's form (its `id` field) is sent. */
  rowId?: string;
  /** The field that names the row in those forms ("id" unless the form calls it otherwise, as an offer's "offer"). */
  rowField?: string;
}) {
  const navigation = useNavigation();
  const sent = navigation.formData;
  const pending =
    navigation.state === "submitting" && (intent === undefined || sent?.get("intent") === intent) && (rowId === undefined || sent?.get(rowField) === rowId);
  return (
    <button
      type="submit"
      form={form}
      className={`button ${className ?? ""}`}
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={pending}
      aria-label={pending ? undefined : accessibleName}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
