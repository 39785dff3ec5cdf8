import { DICTIONARY_DEFAULTS, EXHIBITOR_LOCATION_MAX, routes, type Exhibitor } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useDictionaries, type Option } from '../dictionaries/use-dictionaries.ts';
import { eventIdOf } from './AdminEventLayout.tsx';

const PER_PAGE = 30;

/** The exhibitors changed: this list, the companies list, the expo hall and the pavilion read them again. */
const refreshExhibitors = () =>
  queryClient.invalidateQueries({
    predicate: (q) => [routes.adminListExhibitors.id, routes.listCompanies.id, routes.listBooths.id, routes.listPublishers.id, routes.getCompany.id].includes(String(q.queryKey[0])),
  });

/** The sponsor tiers with their names from the event's dictionaries (the contract's defaults until they load). */
function useTiers(eventId: number): Option[] {
  const dictionaries = useDictionaries(eventId);
  const loaded = dictionaries.options('sponsor.levels');
  if (loaded.length > 0) return loaded;
  const language = currentLanguage();
  return DICTIONARY_DEFAULTS['sponsor.levels'].map((entry) => ({ value: entry.value, label: entry.labels[language] }));
}

/** A tier select's value: '' for no tier. */
const tierValue = (type: number | null) => (type === null ? '' : String(type));
const tierOf = (value: string): number | null => (value === '' ? null : Number(value));

function TierSelect({ label, value, onChange, tiers, testId }: { label: string; value: string; onChange: (value: string) => void; tiers: Option[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      <option value="">{t('admin_exhibitors.no_tier')}</option>
      {tiers.map((tier) => (
        <option key={tier.value} value={String(tier.value)}>
          {tier.label}
        </option>
      ))}
    </SelectField>
  );
}

function ExhibitorRow({ eventId, exhibitor, tiers }: { eventId: number; exhibitor: Exhibitor; tiers: Option[] }) {
  const { t } = useTranslation();
  const nameId = useId();
  const [tier, setTier] = useState(tierValue(exhibitor.sponsor_type));
  const [location, setLocation] = useState(exhibitor.location ?? '');
  const [confirming, setConfirming] = useState(false);
  // The focus follows the remove step: onto "Cancel" when it asks, back onto "Remove" after.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (asked.current) removeRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const save = useMutation({
    mutationFn: () => callApi(routes.adminUpdateExhibitor, { params: { eventId, companyId: exhibitor.id }, body: { sponsor_type: tierOf(tier), location: location.trim() || null } }),
    onSuccess: () => refreshExhibitors(),
  });
  const remove = useMutation({
    mutationFn: () => callApi(routes.adminRemoveExhibitor, { params: { eventId, companyId: exhibitor.id } }),
    onSuccess: () => refreshExhibitors(),
    onSettled: () => setConfirming(false),
  });
  const changed = tier !== tierValue(exhibitor.sponsor_type) || location.trim() !== (exhibitor.location ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed) save.mutate();
  };
  const tierName = exhibitor.sponsor_type === null ? null : tiers.find((o) => o.value === exhibitor.sponsor_type)?.label;
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="exhibitor-row" data-company={exhibitor.id}>
      <form noValidate onSubmit={submit} aria-labelledby={nameId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="min-w-0 font-bold break-words" data-testid="exhibitor-name">
            {exhibitor.name}
          </h3>
          {tierName ? <Badge tone="brand">{tierName}</Badge> : null}
          {exhibitor.media_partner ? <Badge>{t('admin_exhibitors.media_partner')}</Badge> : null}
          <span className="text-sm text-fg-muted">{t('admin_exhibitors.members', { count: exhibitor.members_count })}</span>
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end">
          <TierSelect label={t('admin_exhibitors.tier')} value={tier} onChange={setTier} tiers={tiers} testId="exhibitor-tier" />
          <Field label={t('admin_exhibitors.location')} value={location} maxLength={EXHIBITOR_LOCATION_MAX} placeholder={t('admin_exhibitors.location_placeholder')} onChange={(e) => setLocation(e.target.value)} data-testid="exhibitor-location" />
          <Button type="submit" disabled={save.isPending || !changed} aria-label={t('admin_exhibitors.save_of', { name: exhibitor.name })} data-testid="exhibitor-save">
            {t('admin_exhibitors.save')}
          </Button>
        </div>
        {save.isError ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {save.isSuccess && !changed ? t('admin_exhibitors.saved') : ''}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {confirming ? (
            <span className="flex flex-wrap items-center gap-2" role="group" aria-label={t('admin_exhibitors.remove_confirm', { name: exhibitor.name })}>
              <span className="text-sm">{t('admin_exhibitors.remove_confirm', { name: exhibitor.name })}</span>
              <Button variant="secondary" onClick={() => remove.mutate()} disabled={remove.isPending} data-testid="exhibitor-remove-confirm">
                {t('admin_exhibitors.remove_yes')}
              </Button>
              <button ref={cancelRef} type="button" className={buttonClass('ghost')} onClick={() => setConfirming(false)}>
                {t('admin_exhibitors.remove_no')}
              </button>
            </span>
          ) : (
            <button ref={removeRef} type="button" className={buttonClass('ghost')} onClick={() => setConfirming(true)} aria-label={t('admin_exhibitors.remove_of', { name: exhibitor.name })} data-testid="exhibitor-remove">
              {t('admin_exhibitors.remove')}
            </button>
          )}
        </div>
        {remove.isError ? <Alert tone="error">{apiErrorText(t, remove.error)}</Alert> : null}
      </form>
    </li>
  );
}

function AddExhibitor({ eventId, tiers }: { eventId: number; tiers: Option[] }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const [tier, setTier] = useState('');
  const [location, setLocation] = useState('');
  const [missing, setMissing] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const found = useQuery({ ...apiQuery(routes.autocompleteCompanies, { query: { query: query.trim() } }), enabled: query.trim().length >= 2 });
  const add = useMutation({
    mutationFn: (companyId: number) => callApi(routes.adminAddExhibitor, { params: { eventId }, body: { company_id: companyId, sponsor_type: tierOf(tier), location: location.trim() || null } }),
    onSuccess: async () => {
      setPicked(null);
      setTier('');
      setLocation('');
      await refreshExhibitors();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!picked);
    if (picked) add.mutate(picked.id);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" aria-labelledby="exhibitors-add" data-testid="exhibitor-add-form">
      <h2 id="exhibitors-add" className="text-xl font-bold">
        {t('admin_exhibitors.add')}
      </h2>
      <Field
        ref={searchRef}
        label={t('admin_exhibitors.company')}
        type="search"
        value={query}
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
        hint={picked ? t('admin_exhibitors.company_picked', { name: picked.name }) : t('admin_exhibitors.company_hint')}
        error={missing && !picked ? t('admin_exhibitors.company_required') : undefined}
        data-testid="exhibitor-company-search"
      />
      {found.data && query.trim().length >= 2 ? (
        <ul className="flex flex-col gap-1" aria-label={t('admin_exhibitors.company_results')}>
          {found.data.data.length === 0 ? <li className="text-sm text-fg-muted">{t('admin_exhibitors.company_not_found')}</li> : null}
          {found.data.data.map((company) => (
            <li key={company.id}>
              <Button
                variant="secondary"
                className="w-full justify-start"
                onClick={() => {
                  setPicked(company);
                  setQuery('');
                  searchRef.current?.focus();
                }}
                data-testid="exhibitor-company-option"
              >
                {company.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TierSelect label={t('admin_exhibitors.tier')} value={tier} onChange={setTier} tiers={tiers} testId="exhibitor-add-tier" />
        <Field label={t('admin_exhibitors.location')} value={location} maxLength={EXHIBITOR_LOCATION_MAX} placeholder={t('admin_exhibitors.location_placeholder')} onChange={(e) => setLocation(e.target.value)} data-testid="exhibitor-add-location" />
      </div>
      {add.isError ? <Alert tone="error">{apiErrorText(t, add.error)}</Alert> : null}
      <Button type="submit" disabled={add.isPending} className="self-start" data-testid="exhibitor-add">
        {picked ? t('admin_exhibitors.add_named', { name: picked.name }) : t('admin_exhibitors.add_button')}
      </Button>
    </form>
  );
}

/** admin/events/{id}/exhibitors: the event's companies with their sponsor tier and stand; add and remove companies. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const tiers = useTiers(eventId);
  const searchId = useId();
  const { text, setText, search, page, setPage } = useDebouncedSearch();
  const [tierFilter, setTierFilter] = useState('');
  const list = useQuery({
    ...apiQuery(routes.adminListExhibitors, {
      params: { eventId },
      query: { page, per_page: PER_PAGE, ...(search ? { 'filter[query]': search } : {}), ...(tierFilter ? { 'filter[tier]': [Number(tierFilter)] } : {}) },
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex flex-col gap-6" data-testid="admin-exhibitors">
      <p className="text-sm text-fg-muted">{t('admin_exhibitors.lead')}</p>
      <section className="flex flex-col gap-3" aria-labelledby="exhibitors-list">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="exhibitors-list" className="text-xl font-bold">
            {t('admin_exhibitors.title')}
          </h2>
          {list.data ? <span className="text-sm text-fg-muted">{t('admin_exhibitors.count', { count: list.data.meta.total })}</span> : null}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field id={searchId} type="search" label={t('admin_exhibitors.search')} value={text} onChange={(e) => setText(e.target.value)} data-testid="exhibitors-search" />
          <SelectField
            label={t('admin_exhibitors.filter_tier')}
            value={tierFilter}
            onChange={(e) => {
              setTierFilter(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('admin_exhibitors.any_tier')}</option>
            {tiers.map((tier) => (
              <option key={tier.value} value={String(tier.value)}>
                {tier.label}
              </option>
            ))}
          </SelectField>
        </div>
        {list.isPending ? (
          <Skeleton className="h-64" />
        ) : list.isError ? (
          <Alert tone="error">
            {apiErrorText(t, list.error)}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
              {t('errors.retry')}
            </button>
          </Alert>
        ) : list.data.data.length === 0 ? (
          <p className="text-sm text-fg-muted">{search || tierFilter ? t('admin_exhibitors.none_found') : t('admin_exhibitors.empty')}</p>
        ) : (
          <>
            <ul className="flex flex-col gap-3" data-testid="exhibitors">
              {list.data.data.map((exhibitor) => (
                <ExhibitorRow key={exhibitor.id} eventId={eventId} exhibitor={exhibitor} tiers={tiers} />
              ))}
            </ul>
            <Pager page={page} pages={list.data.meta.last_page} onPage={setPage} />
          </>
        )}
      </section>
      <AddExhibitor eventId={eventId} tiers={tiers} />
    </div>
  );
}
