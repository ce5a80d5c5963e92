// The rating form (issue 27, build item 4): 1 to 5 as radio buttons in a fieldset named by its legend, and an optional
// comment; prefilled with the requester's rating while it can still change. A plain POST: it works without JavaScript.
import { Form } from "react-router";
import { FormAlert, SubmitButton, TextAreaField } from "~/components/forms";
import { COMMENT_MAX, SCORES, type Rating } from "~/domain/ratings";
import { format, plural } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";

export function RatingForm({ rating, failure }: { rating: Rating | null; failure: FormFailure | null }) {
  const m = useMessages().ratings.form;
  const locale = useLocale();
  const values = failure?.values ?? {};
  const chosen = values.score ?? (rating ? String(rating.score) : "");
  const scoreError = failure?.errors.score;
  return (
    <Form method="post" className="form rating-form" noValidate>
      <FormAlert message={failure?.formError} />
      <fieldset className="field" aria-describedby={scoreError ? "rating-score-error" : undefined}>
        <legend>{m.legend}</legend>
        <ul className="checkbox-grid">
          {SCORES.map((score) => (
            <li key={score}>
              <label>
                <input type="radio" name="score" value={score} defaultChecked={chosen === String(score)} />
                {plural(locale, m.score, score)} — {m.scoreWords[score - 1]}
              </label>
            </li>
          ))}
        </ul>
        {scoreError && (
          <p id="rating-score-error" className="field__error">
            {scoreError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label={m.comment}
        name="comment"
        id="rating-comment"
        rows={4}
        maxLength={COMMENT_MAX}
        hint={format(m.commentHint, { max: COMMENT_MAX })}
        error={failure?.errors.comment}
        defaultValue={values.comment ?? rating?.comment ?? ""}
      />
      <SubmitButton label={m.submit} pendingLabel={m.submit} />
    </Form>
  );
}
