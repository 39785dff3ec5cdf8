import { routes } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiQuery } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useEventContext } from '../events/context.ts';
import { CompactMemberCard } from '../favorites/cards.tsx';
import { ListError, ListSkeleton } from '../favorites/FavoritesPage.tsx';
import { ParticipantGate } from '../favorites/ParticipantGate.tsx';
import { downloadContacts } from './download.ts';

function ContactList({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...apiQuery(routes.listContacts, { params: { eventId }, query: { page } }), placeholderData: keepPreviousData });
  const exporter = useMutation({
    mutationFn: (format: 'vcf' | 'csv') => downloadContacts(eventId, format),
    onError: (error) => toast.error(t('contacts.export_failed', { reason: apiErrorText(t, error) })),
  });
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />;
  const { data, meta } = query.data;
  if (data.length === 0) return <EmptyState title={t('contacts.empty_title')} text={t('contacts.empty_text')} />;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={exporter.isPending} onClick={() => exporter.mutate('vcf')} data-testid="export-vcf">
          {t('contacts.export_vcf')}
        </Button>
        <Button variant="secondary" disabled={exporter.isPending} onClick={() => exporter.mutate('csv')} data-testid="export-csv">
          {t('contacts.export_csv')}
        </Button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="contacts-list">
        {data.map((contact) => (
          <CompactMemberCard
            key={contact.id}
            eventId={eventId}
            card={contact}
            notes={false}
            extra={
              contact.email || contact.phone ? (
                <p className="mt-1 flex flex-col text-sm">
                  {contact.email ? (
                    <a className="truncate text-brand-ink underline" href={`mailto:${contact.email}`}>
                      {contact.email}
                    </a>
                  ) : null}
                  {contact.phone ? (
                    <a className="truncate text-brand-ink underline" href={`tel:${contact.phone}`}>
                      {contact.phone}
                    </a>
                  ) : null}
                </p>
              ) : null
            }
          />
        ))}
      </ul>
      <Pager page={page} pages={meta.last_page} onPage={setPage} />
    </div>
  );
}

/** /contacts: people connected with the signed-in person in this event, exportable as vCard and CSV. */
export function Component() {
  const { t } = useTranslation();
  const { event, member } = useEventContext();
  return (
    <ParticipantGate event={event} member={member}>
      <div className="mx-auto max-w-6xl px-4 py-8" data-testid="contacts-page">
        <h1 className="mb-2 text-3xl font-bold tracking-tight">{t('contacts.title')}</h1>
        <p className="mb-4 text-sm text-fg-muted">{t('contacts.intro')}</p>
        <ContactList eventId={event.id} />
      </div>
    </ParticipantGate>
  );
}
