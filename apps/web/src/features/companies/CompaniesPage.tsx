import { COMPANY_SORTS, routes } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, SelectField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { CompanyCard } from './CompanyCard.tsx';

type Sort = (typeof COMPANY_SORTS)[number];

function Filters({ eventId, values, onChange }: { eventId: number; values: Record<'business' | 'tag' | 'category' | 'sort', string> & { previous: boolean }; onChange: (next: Partial<Record<'business' | 'tag' | 'category' | 'sort', string>> & { previous?: boolean }) => void }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  const select = (key: 'business' | 'tag' | 'category', label: string, name: 'company.business' | 'company.tag' | 'sponsor.levels') => (
    <SelectField label={label} value={values[key]} onChange={(e) => onChange({ [key]: e.target.value })} className="min-w-0">
      <option value="">{t('companies.any')}</option>
      {dictionaries.options(name).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {select('business', t('companies.business'), 'company.business')}
      {select('tag', t('companies.tags'), 'company.tag')}
      {select('category', t('companies.sponsor_level'), 'sponsor.levels')}
      <SelectField label={t('companies.sort')} value={values.sort} onChange={(e) => onChange({ sort: e.target.value })}>
        {COMPANY_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`companies.sort_${sort}`)}
          </option>
        ))}
      </SelectField>
      <Checkbox label={t('companies.show_previous')} checked={values.previous} onChange={(e) => onChange({ previous: e.target.checked })} className="sm:col-span-2" />
    </div>
  );
}

function Directory({ eventId, slug }: { eventId: number; slug: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { text, setText, search, page, setPage } = useDebouncedSearch();
  const [values, setValues] = useState({ business: '', tag: '', category: '', sort: 'sponsor', previous: false });
  const dictionaries = useDictionaries(eventId);
  const sort = values.sort as Sort;
  const query = useQuery({
    ...apiQuery(routes.listCompanies, {
      params: { eventId },
      query: {
        page,
        sort,
        order: sort === 'created_at' ? 'desc' : 'asc',
        ...(search ? { 'filter[query]': search } : {}),
        ...(values.business ? { 'filter[business]': [Number(values.business)] } : {}),
        ...(values.tag ? { 'filter[tags]': [Number(values.tag)] } : {}),
        ...(values.category ? { 'filter[categories][]': [Number(values.category)] } : {}),
        ...(values.previous ? { show_previous: '1' as const } : {}),
      },
    }),
    placeholderData: keepPreviousData,
  });
  const list = query.data;
  const filtered = Boolean(search || values.business || values.tag || values.category);
  return (
    <div className="flex flex-col gap-4">
      <label htmlFor={id} className="sr-only">
        {t('companies.search_label')}
      </label>
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('companies.search_placeholder')} className="min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-sm sm:w-80" />
      <Filters
        eventId={eventId}
        values={values}
        onChange={(next) => {
          setValues((current) => ({ ...current, ...next }));
          setPage(1);
        }}
      />
      {query.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="companies-loading">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-28" />
          ))}
        </div>
      ) : query.isError || !list ? (
        <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('companies.empty_title')} text={filtered ? t('companies.no_results') : t('companies.empty_text')} />
      ) : (
        <>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="companies-list">
            {list.data.map((card) => (
              <CompanyCard key={card.id} card={card} eventId={eventId} slug={slug} tierLabel={card.sponsor_type === null ? undefined : dictionaries.label('sponsor.levels', card.sponsor_type)} />
            ))}
          </ul>
          <Pager page={page} pages={list.meta.last_page} onPage={setPage} />
        </>
      )}
    </div>
  );
}

/** companies: the companies taking part in the event, sponsors first; for the event's members. */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const page = (
    <div className="mx-auto max-w-6xl px-4 py-8" data-testid="companies-page">
      <h1 className="mb-4 text-3xl font-bold tracking-tight">{t('companies.title')}</h1>
      <Directory eventId={event.id} slug={slug} />
    </div>
  );
  // Any member sees the companies; the members gate only supplies the sign-in and join screens.
  return member ? page : <SectionGate section="members" event={event} member={null}>{page}</SectionGate>;
}
