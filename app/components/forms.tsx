// Form pieces shared by every form: a labelled field with its error tied to it, a form-level alert,
// a submit button with a pending state, and the toast that mirrors an action's message.
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from "react";
import toast from "react-hot-toast";
import { useNavigation } from "react-router";
import type { Toast } from "~/lib/toast";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
};

export function Field({ label, name, error, hint, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
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
}: {
  label: string;
  pendingLabel: string;
  intent?: string;
  className?: string;
  /** The id of the form it submits, when the button sits outside it (a table row's edit form). */
  form?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      form={form}
      className={`button ${className ?? ""}`}
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={pending}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/** Shows an action's toast (react-hot-toast) once per response. */
export function useActionToast(item: Toast | null | undefined) {
  useEffect(() => {
    if (!item) return;
    if (item.type === "error") toast.error(item.message, { id: item.id });
    else if (item.type === "success") toast.success(item.message, { id: item.id });
    else toast(item.message, { id: item.id });
  }, [item]);
}
