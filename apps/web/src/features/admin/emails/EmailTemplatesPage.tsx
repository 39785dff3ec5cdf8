import { EMAIL_TYPE_IDS, routes } from '@lobby/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiQuery } from '../../../api/client.ts';
import { useDebouncedSearch } from '../../../lib/use-debounced-search.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { SelectField } from '../../../ui/Controls.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Pager } from '../../../ui/Pager.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { apiErrorText } from '../../auth/api-error.ts';
import { eventIdOf } from '../AdminEventLayout.tsx';

const PER_PAGE = 20;

/** /admin/events/{id}/emails: the event's e-mail templates, searched by name and filtered by type. */
export function EmailTemplatesPage() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const { text, setText, search, page, setPage } = useDebouncedSearch();
  const [type, setType] = useState('');
  const query = useQuery({
    ...apiQuery(routes.listEmailTemplates, { params: { eventId }, query: { page, per_page: PER_PAGE, 'filter[query]': search || undefined, 'filter[type_ids]': type ? [Number(type)] : undefined } }),
    placeholderData: keepPreviousData,
  });
  const filtered = search !== '' || type !== '';
  const clear = () => {
    setText('');
    setType('');
  };
  const newLink = (
    <ButtonLink to={`/admin/events/${eventId}/emails/new`} data-testid="new-email-template">
      {t('admin_emails.new')}
    </ButtonLink>
  );
  return (
    <div className="flex flex-col gap-4" data-testid="email-templates-page">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-fg-muted">{t('admin_emails.intro')}</p>
        {newLink}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('admin_emails.search')} type="search" value={text} onChange={(event) => setText(event.target.value)} maxLength={100} />
        <SelectField
          label={t('admin_emails.filter_type')}
          value={type}
          onChange={(event) => {
            setType(event.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('admin_emails.all_types')}</option>
          {EMAIL_TYPE_IDS.map((id) => (
            <option key={id} value={id}>
              {t(`admin_emails.type_${id}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {query.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-16" />
          ))}
        </div>
      ) : query.isError ? (
        <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
      ) : query.data.data.length === 0 ? (
        filtered ? (
          <EmptyState
            title={t('admin_emails.no_match_title')}
            text={t('admin_emails.no_match_text')}
            action={
              <Button variant="secondary" onClick={clear}>
                {t('admin_emails.clear_filters')}
              </Button>
            }
          />
        ) : (
          <EmptyState title={t('admin_emails.empty_title')} text={t('admin_emails.empty_text')} action={newLink} />
        )
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label={t('admin_emails.tab')} data-testid="email-templates">
            {query.data.data.map((template) => (
              <li key={template.id}>
                <Link
                  to={`/admin/events/${eventId}/emails/${template.id}`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-line bg-surface p-4 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-brand"
                >
                  <span className="min-w-0 break-words font-semibold">{template.name}</span>
                  <Badge tone="brand">{t(`admin_emails.type_${template.type_id}`, { defaultValue: String(template.type_id) })}</Badge>
                </Link>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={query.data.meta.last_page} onPage={setPage} />
        </>
      )}
    </div>
  );
}
