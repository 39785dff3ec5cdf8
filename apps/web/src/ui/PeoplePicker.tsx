// People picked by name from a search of the event's members (a lecture's or video's speakers, a
// lesson's teachers): the chosen ones as removable chips, the found ones as buttons under the field.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from './Avatar.tsx';
import { Field } from './Field.tsx';

export interface PickedPerson {
  /** The id the form stores (a membership id or a user id). */
  id: number;
  name: string;
}

export interface PersonOption extends PickedPerson {
  job?: string | null;
  avatar?: string | null;
}

export interface PeoplePickerTexts {
  label: string;
  placeholder: string;
  hint?: string;
  chosen: string;
  found: string;
  none: string;
  /** Said when the search fails. */
  failed: string;
  remove: (name: string) => string;
  /** Shown after a name (a lesson's teachers show their user id). */
  detail?: (person: PickedPerson) => string;
  /** Shown for a chosen person without a name. */
  noName?: string;
}

export interface PeoplePickerProps<T, K extends QueryKey> {
  value: PickedPerson[];
  onChange: (next: PickedPerson[]) => void;
  /** The members search for a text of two characters or more. */
  search: (text: string) => UseQueryOptions<{ data: T[] }, Error, { data: T[] }, K>;
  toOption: (item: T) => PersonOption;
  texts: PeoplePickerTexts;
  max?: number;
  error?: string | undefined;
  testId?: string;
  searchTestId?: string;
}

/** Waits for a pause in typing before searching. */
function useSearchText(text: string): string {
  const [search, setSearch] = useState('');
  useEffect(() => {
    const handle = window.setTimeout(() => setSearch(text.trim().slice(0, 100)), 250);
    return () => window.clearTimeout(handle);
  }, [text]);
  return search;
}

export function PeoplePicker<T, K extends QueryKey>({ value, onChange, search: searchFor, toOption, texts, max, error, testId, searchTestId }: PeoplePickerProps<T, K>) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const search = useSearchText(text);
  const found = useQuery({ ...searchFor(search), enabled: search.length >= 2 });
  const chosen = new Set(value.map((person) => person.id));
  const options = (found.data?.data ?? []).map(toOption).filter((option) => !chosen.has(option.id));
  const full = max !== undefined && value.length >= max;
  const detail = (person: PickedPerson) => (texts.detail ? <span className="text-fg-muted"> · {texts.detail(person)}</span> : null);
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <Field
        label={texts.label}
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={texts.placeholder}
        hint={full ? t('form.max_selected', { limit: max }) : texts.hint}
        disabled={full}
        autoComplete="off"
        error={error}
        data-testid={searchTestId}
      />
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={texts.chosen} data-testid={testId ? `${testId}-chosen` : undefined}>
          {value.map((person) => (
            <li key={person.id} className="flex items-center gap-1 rounded-full border border-line bg-surface-muted py-1 ps-3 pe-1 text-sm">
              <span>
                {person.name || texts.noName}
                {detail(person)}
              </span>
              <button type="button" className="flex size-8 items-center justify-center rounded-full hover:bg-line" aria-label={texts.remove(person.name)} onClick={() => onChange(value.filter((item) => item.id !== person.id))}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {search.length >= 2 && found.isError ? <p className="text-sm text-red-700 dark:text-red-400">{texts.failed}</p> : null}
      {search.length >= 2 && found.isSuccess && !full ? (
        options.length === 0 ? (
          <p className="text-sm text-fg-muted" role="status">
            {texts.none}
          </p>
        ) : (
          <ul className="flex flex-col gap-1 rounded-xl border border-line p-1" aria-label={texts.found} data-testid={testId ? `${testId}-found` : undefined}>
            {options.map((option) => (
              <li key={option.id}>
                <button
                  type="button"
                  className="flex min-h-11 w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-surface-muted focus:bg-surface-muted"
                  onClick={() => {
                    onChange([...value, { id: option.id, name: option.name }]);
                    setText('');
                  }}
                >
                  <Avatar name={option.name} src={option.avatar ?? null} size={28} />
                  <span>
                    {option.name}
                    {detail(option)}
                    {option.job ? <span className="text-fg-muted"> · {option.job}</span> : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
