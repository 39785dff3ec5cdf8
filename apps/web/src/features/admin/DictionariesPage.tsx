import { LANGUAGES, routes, ZDictionaryItemInput, type DictionaryName, type Language } from '@lobby/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiQuery, callApi } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { contractResolver, formErrorText } from '../../lib/form.ts';
import { apiErrorText } from '../auth/api-error.ts';
import { eventIdOf } from './AdminEventLayout.tsx';

const ZForm = z.object({ items: z.array(z.object({ value: z.coerce.number().pipe(ZDictionaryItemInput.shape.value), labels: ZDictionaryItemInput.shape.labels })).min(1).max(200) });
type FormInput = z.input<typeof ZForm>;
type FormOutput = z.output<typeof ZForm>;
type Item = { value: number | string; labels: Partial<Record<Language, string>> };

const toForm = (items: Item[]): FormInput => ({ items: items.map((item) => ({ value: Number(item.value), labels: { ru: item.labels.ru ?? '', en: item.labels.en ?? '', zh: item.labels.zh ?? '' } })) });

/** One dictionary's items with labels in ru, en and zh; values stay as people's choices refer to them. */
function DictionaryEditor({ eventId, name, items, custom, onChanged }: { eventId: number; name: DictionaryName; items: Item[]; custom: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: contractResolver(ZForm), defaultValues: toForm(items) });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items' });
  useEffect(() => form.reset(toForm(items)), [form, items]);
  const save = useMutation({
    mutationFn: (values: FormOutput) => callApi(routes.adminSetDictionary, { params: { id: eventId, name }, body: values }),
    onSuccess: () => {
      toast.success(t('dictionaries_admin.saved'));
      onChanged();
    },
    onError: (error) => toast.error(apiErrorText(t, error)),
  });
  const reset = useMutation({
    mutationFn: () => callApi(routes.adminResetDictionary, { params: { id: eventId, name } }),
    onSuccess: () => {
      toast.success(t('dictionaries_admin.reset_done'));
      onChanged();
    },
    onError: (error) => toast.error(apiErrorText(t, error)),
  });
  const nextValue = () => Math.max(0, ...form.getValues('items').map((item) => Number(item.value) || 0)) + 1;
  const errors = form.formState.errors.items;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex flex-col gap-3">
      <p className="text-sm text-fg-muted">{custom ? t('dictionaries_admin.custom') : t('dictionaries_admin.platform')}</p>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[90px_1fr_1fr_1fr_auto] sm:items-end">
          <legend className="sr-only">{t('dictionaries_admin.item', { n: index + 1 })}</legend>
          <Field label={t('dictionaries_admin.value')} type="number" inputMode="numeric" error={formErrorText(t, errors?.[index]?.value as FieldError | undefined)} {...form.register(`items.${index}.value`)} />
          {LANGUAGES.map((lang) => (
            <Field key={lang} label={t(`dictionaries_admin.label_${lang}`)} error={formErrorText(t, errors?.[index]?.labels?.[lang])} {...form.register(`items.${index}.labels.${lang}`)} />
          ))}
          <Button variant="ghost" onClick={() => remove(index)} aria-label={t('dictionaries_admin.remove_item', { n: index + 1 })}>
            {t('dictionaries_admin.remove')}
          </Button>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => append({ value: nextValue(), labels: { ru: '', en: '', zh: '' } })}>
          {t('dictionaries_admin.add')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('dictionaries_admin.save')}
        </Button>
        {custom ? (
          <Button variant="ghost" disabled={reset.isPending} onClick={() => reset.mutate()}>
            {t('dictionaries_admin.reset')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** /admin/events/{id}/dictionaries: the event's own lists in place of the platform's. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const client = useQueryClient();
  const query = useQuery(apiQuery(routes.adminListDictionaries, { params: { id: eventId } }));
  const [name, setName] = useState<string>('');
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  const editable = query.data.data.filter((d) => d.editable);
  if (editable.length === 0) return <EmptyState title={t('dictionaries_admin.empty_title')} text={t('dictionaries_admin.empty_text')} />;
  const current = editable.find((d) => d.name === name) ?? editable[0];
  if (!current) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="dictionaries-page">
      <p className="text-sm text-fg-muted">{t('dictionaries_admin.intro')}</p>
      <SelectField label={t('dictionaries_admin.pick')} value={current.name} onChange={(e) => setName(e.target.value)} className="sm:max-w-sm">
        {editable.map((d) => (
          <option key={d.name} value={d.name}>
            {t(`dictionaries_admin.name_${d.name.replace(/\./g, '_')}`, { defaultValue: d.name })}
          </option>
        ))}
      </SelectField>
      <DictionaryEditor key={current.name} eventId={eventId} name={current.name} items={current.items} custom={current.custom} onChanged={() => void client.invalidateQueries({ queryKey: [routes.adminListDictionaries.id] })} />
    </div>
  );
}
