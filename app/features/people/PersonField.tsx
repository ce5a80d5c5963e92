// A person chosen by typing (issue 23, item 8): a text field whose suggestions follow what is typed, fetched a few at
// a time from /Dashboard/people, instead of a select of everyone. Without JavaScript it is a plain text field with the
// first suggestions; the server finds who the text names (app/features/people/person-choice.server.ts).
import { useEffect, useRef, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Field } from "~/components/forms";
import { PERSON_FIELD_MAX_LENGTH } from "~/domain/people";
import { personLabel, type PersonChoice } from "~/domain/person-choice";

type Props = {
  id: string;
  label: string;
  name: string;
  hint?: string;
  error?: string;
  required?: boolean;
  defaultValue?: string;
  /** The suggestions the page starts with. */
  suggestions: PersonChoice[];
  /** Only people linked to every one of these languages. */
  languageIds?: number[];
};

/** Waiting this long after the last key before asking, so typing a name asks once or twice, not per letter. */
const TYPING_PAUSE_MS = 250;

export function PersonField({ id, suggestions, languageIds = [], ...field }: Props) {
  const fetcher = useFetcher<{ people: PersonChoice[] }>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = fetcher.data?.people ?? suggestions;
  const listId = `${id}-suggestions`;

  const suggest = (event: FormEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const params = new URLSearchParams({ q: text });
      if (languageIds.length > 0) params.set("languages", languageIds.join(","));
      void fetcher.load(`/Dashboard/people?${params}`);
    }, TYPING_PAUSE_MS);
  };

  return (
    <>
      <Field id={id} {...field} type="text" list={listId} autoComplete="off" maxLength={PERSON_FIELD_MAX_LENGTH} onInput={suggest} />
      <datalist id={listId}>
        {shown.map((person) => (
          <option key={person.id} value={personLabel(person)} />
        ))}
      </datalist>
    </>
  );
}
