// The Form block (8): the fields the organiser defined. On a published page (PageFormContext) it
// checks the answers with the contract's rule, sends them and shows each problem under its field;
// in the editor's preview the submit button stays disabled.
import { checkFormValues } from '@lobby/contract';
import { useContext, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { PageFormContext } from './form-context.ts';
import { firstProblemField, problemsOf, problemText, readFormValues, serverProblems, type FieldProblems } from './page-form.ts';
import type { BlockData } from './page-rules.ts';

type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; replaced: boolean } | { kind: 'failed'; text: string };

export function FormBlock({ data, blockId }: { data: BlockData<8>; blockId: string }) {
  const { t } = useTranslation();
  const target = useContext(PageFormContext);
  const base = useId();
  const [problems, setProblems] = useState<FieldProblems>({});
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  const noteId = `${base}-note`;
  const inputId = (field: string) => `${base}-field-${field}`;
  const show = (found: FieldProblems) => {
    setProblems(found);
    const first = firstProblemField(data.fields, found);
    if (first) document.getElementById(inputId(first))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target || state.kind === 'sending') return;
    const form = new FormData(event.currentTarget);
    const values = readFormValues(data.fields, (name) => form.get(name));
    const found = problemsOf(checkFormValues(data.fields, values));
    if (Object.keys(found).length > 0) {
      setState({ kind: 'failed', text: t('pages.form_fix') });
      show(found);
      return;
    }
    setProblems({});
    setState({ kind: 'sending' });
    try {
      const result = await target.submit(blockId, values);
      setState({ kind: 'sent', replaced: result.replaced });
    } catch (error) {
      const server = serverProblems(error instanceof ApiError ? error.details : undefined, data.fields.map((field) => field.id));
      if (Object.keys(server.problems).length > 0) {
        setState({ kind: 'failed', text: [t('pages.form_fix'), ...server.other].join(' ') });
        show(server.problems);
      } else {
        setState({ kind: 'failed', text: server.other.length > 0 ? server.other.join(' ') : apiErrorText(t, error) });
      }
    }
  };

  // Changing an answer takes its problem away; the next send checks again.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name !== 'string' || !Object.hasOwn(problems, name)) return;
    const rest = { ...problems };
    delete rest[name];
    setProblems(rest);
  };

  return (
    <form className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 md:p-6" onSubmit={(event) => void onSubmit(event)} onChange={onChange} noValidate data-testid="page-form">
      {data.title ? <h3 className="text-lg font-semibold">{data.title}</h3> : null}
      {data.fields.map((field) => {
        const id = inputId(field.id);
        const label = field.required ? `${field.label} *` : field.label;
        const problem = problems[field.id];
        const error = problem ? problemText(t, problem) : undefined;
        const common = { id, name: field.id, required: field.required ?? false, error };
        switch (field.kind) {
          case 'textarea':
            return <TextareaField key={field.id} label={label} {...common} />;
          case 'select':
            return (
              <SelectField key={field.id} label={label} defaultValue="" {...common}>
                <option value="" disabled>
                  {t('pages.choose')}
                </option>
                {(field.options ?? []).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </SelectField>
            );
          case 'checkbox':
            // The shared checkbox has no error line: it is wired here the way Field does it.
            return (
              <div key={field.id} className="flex flex-col gap-1.5">
                <Checkbox label={label} id={id} name={field.id} required={field.required ?? false} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
                {error ? (
                  <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          case 'email':
            return <Field key={field.id} label={label} type="email" autoComplete="email" {...common} />;
          case 'phone':
            return <Field key={field.id} label={label} type="tel" autoComplete="tel" {...common} />;
          default:
            return <Field key={field.id} label={label} type="text" {...common} />;
        }
      })}
      <div className="flex flex-col items-start gap-2">
        <Button type="submit" disabled={!target || state.kind === 'sending'} aria-describedby={target ? undefined : noteId} data-testid="page-form-submit">
          {state.kind === 'sending' ? t('pages.form_sending') : data.submitText}
        </Button>
        {target ? (
          <div role="status" className="text-sm" data-testid="page-form-status">
            {state.kind === 'sent' ? (
              <p className="flex flex-col gap-0.5">
                <span className="font-semibold text-emerald-800 dark:text-emerald-300">{t('pages.form_sent')}</span>
                <span className="text-fg-muted">{t(state.replaced ? 'pages.form_replaced' : 'pages.form_again')}</span>
              </p>
            ) : state.kind === 'failed' ? (
              <p className="text-red-700 dark:text-red-400">{state.text}</p>
            ) : null}
          </div>
        ) : (
          <p id={noteId} className="text-sm text-fg-muted">
            {t('pages.form_preview')}
          </p>
        )}
      </div>
    </form>
  );
}
