import { REGIONS, TICKET_FEATURES } from '@lobby/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, SelectField } from '../../ui/Controls.tsx';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import type { useMemberFilters } from './use-member-filters.ts';

/** Search, region, offer, looking-for, ticket feature, earlier events, empty profiles and order. */
export function MemberFilters({ eventId, state }: { eventId: number; state: ReturnType<typeof useMemberFilters> }) {
  const { t } = useTranslation();
  const searchId = useId();
  const dictionaries = useDictionaries(eventId);
  const { filters, update, text, setText } = state;
  const regionLabel = (code: string) => dictionaries.label('regions', code) ?? code;
  return (
    <form role="search" aria-label={t('members.filters_label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={searchId} className="text-sm font-semibold">
          {t('members.search_label')}
        </label>
        <input id={searchId} type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} placeholder={t('members.search_placeholder')} className="min-h-11 w-full rounded-xl border border-line bg-surface px-4 text-base" />
      </div>
      <SelectField label={t('members.region')} value={filters.geo} onChange={(e) => update({ geo: e.target.value })} data-testid="filter-region">
        <option value="">{t('members.any')}</option>
        {REGIONS.map((code) => (
          <option key={code} value={code}>
            {regionLabel(code)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('members.sort')} value={`${filters.sort}:${filters.order}`} onChange={(e) => {
        const [sort = 'last_seen', order = ''] = e.target.value.split(':');
        update({ sort: sort === 'last_seen' ? '' : sort, order });
      }}>
        <option value="last_seen:">{t('members.sort_last_seen')}</option>
        <option value="name:">{t('members.sort_name')}</option>
        <option value="name:desc">{t('members.sort_name_desc')}</option>
        <option value="created_at:">{t('members.sort_newest')}</option>
        <option value="created_at:asc">{t('members.sort_oldest')}</option>
      </SelectField>
      <SelectField label={t('members.offer')} value={filters.offer} onChange={(e) => update({ offer: e.target.value })} data-testid="filter-offer">
        <option value="">{t('members.any')}</option>
        {dictionaries.options('user.can_offer').map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('members.looking')} value={filters.looking} onChange={(e) => update({ looking: e.target.value })}>
        <option value="">{t('members.any')}</option>
        {dictionaries.options('user.looking_for').map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('members.feature')} value={filters.feature} onChange={(e) => update({ feature: e.target.value })}>
        <option value="">{t('members.any')}</option>
        {TICKET_FEATURES.map((feature) => (
          <option key={feature} value={feature}>
            {t(`admin.feature_${feature}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col justify-end gap-2 pb-1">
        <Checkbox label={t('members.show_previous')} checked={filters.previous} onChange={(e) => update({ previous: e.target.checked })} />
        <Checkbox label={t('members.show_empty')} checked={filters.empty} onChange={(e) => update({ empty: e.target.checked })} />
      </div>
    </form>
  );
}
