import { routes, type AdminPage } from '@lobby/contract';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { eventPath } from '../events/context.ts';
import { eventIdOf } from './AdminEventLayout.tsx';
import { kindLabel, PageForm, refreshPages, useSavePage } from './pages-form.tsx';
import { editPath, hasBlocks, readingSegment, submissionsPath, withPublished } from './pages-rules.ts';
import { adminEventQuery, adminPagesQuery } from './queries.ts';

function DeletePage({ eventId, page, onClose }: { eventId: number; page: AdminPage; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useMutation({
    mutationFn: () => callApi(routes.adminDeletePage, { params: { eventId, pageId: page.id } }),
    onSuccess: async () => {
      await refreshPages(eventId);
      onClose();
    },
  });
  return (
    <Modal title={t('admin_pages.delete_title')} onClose={onClose} testId="page-delete-dialog">
      <p className="text-sm">{t('admin_pages.delete_text', { title: page.title })}</p>
      {remove.isError ? <Alert tone="error">{apiErrorText(t, remove.error)}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => remove.mutate()} disabled={remove.isPending} data-testid="page-delete-confirm">
          {t('admin_pages.delete_yes')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('admin.cancel')}
        </Button>
      </div>
    </Modal>
  );
}

/** One page: its kind, address, state and time; publish switch, editing, reading, submissions, deletion. */
function PageRow({ eventId, eventSlug, timeZone, page }: { eventId: number; eventSlug: string; timeZone: string; page: AdminPage }) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const publish = useSavePage(eventId, page);
  // The switch follows the click at once (the mutation's own state comes a moment later) and the
  // saved page once the list has it.
  const [publishing, setPublishing] = useState<boolean | null>(null);
  const address = `/${readingSegment(page)}`;
  const link = 'text-sm font-semibold text-brand-ink underline';
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="admin-page" data-slug={page.slug}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={`${id}-title`} className="font-semibold break-words" data-testid="admin-page-title">
            {page.title}
          </h3>
          <div className="mt-1 flex flex-wrap gap-1">
            <Badge>{t(kindLabel(page.kind))}</Badge>
            {page.published ? <Badge tone="success">{t('admin_pages.state_published')}</Badge> : <Badge tone="warning">{t('admin_pages.state_draft')}</Badge>}
          </div>
          <p className="mt-1 text-sm text-fg-muted">
            <span className="font-mono break-all">{address}</span> ·{' '}
            <span className="whitespace-nowrap">{t('admin_pages.updated', { date: formatDate(page.updated_at, timeZone), time: formatTime(page.updated_at, timeZone) })}</span>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <input
            id={`${id}-published`}
            type="checkbox"
            role="switch"
            className="size-5 accent-[var(--brand-solid)]"
            checked={publishing ?? page.published}
            disabled={publish.isPending}
            onChange={(e) => {
              setPublishing(e.target.checked);
              publish.mutate(withPublished(page, e.target.checked), { onSettled: () => setPublishing(null) });
            }}
            aria-describedby={`${id}-title`}
            data-testid="admin-page-published"
          />
          <label htmlFor={`${id}-published`} className="text-sm font-semibold">
            {t('admin_pages.published')}
          </label>
        </div>
      </div>
      {publish.isError ? <Alert tone="error">{apiErrorText(t, publish.error)}</Alert> : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {hasBlocks(page.kind) ? (
          <ButtonLink variant="secondary" to={editPath(eventId, page.id)} aria-label={t('admin_pages.edit_content_of', { title: page.title })} data-testid="admin-page-edit-content">
            {t('admin_pages.edit_content')}
          </ButtonLink>
        ) : (
          <Button variant="secondary" onClick={() => setEditing((open) => !open)} aria-expanded={editing} aria-label={t('admin_pages.edit_of', { title: page.title })} data-testid="admin-page-edit">
            {t('admin.edit')}
          </Button>
        )}
        <Link to={eventPath(eventSlug, readingSegment(page))} className={link} aria-label={t('admin_pages.open_of', { title: page.title })}>
          {t('admin_pages.open')}
        </Link>
        {hasBlocks(page.kind) ? (
          <Link to={submissionsPath(eventId, page.id)} className={link} aria-label={t('admin_pages.submissions_of', { title: page.title })} data-testid="admin-page-submissions">
            {t('admin_pages.submissions')}
          </Link>
        ) : null}
        <Button variant="ghost" className="ms-auto" onClick={() => setDeleting(true)} aria-label={t('admin_pages.delete_of', { title: page.title })} data-testid="admin-page-delete">
          {t('admin.delete')}
        </Button>
      </div>
      {editing ? (
        <div className="border-t border-line pt-4">
          <PageForm eventId={eventId} page={page} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
        </div>
      ) : null}
      {deleting ? <DeletePage eventId={eventId} page={page} onClose={() => setDeleting(false)} /> : null}
    </li>
  );
}

/** /admin/events/{id}/pages: the event's organiser pages (stub, frame, partyspace). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const eventId = eventIdOf(useParams());
  const event = useSuspenseQuery(adminEventQuery(eventId)).data.data;
  const query = useQuery(adminPagesQuery(eventId));
  const [creating, setCreating] = useState(false);
  const pages = query.data?.data ?? [];
  const partyspaceTaken = pages.some((page) => page.kind === 'partyspace');
  const create = (
    <Button onClick={() => setCreating(true)} disabled={!query.isSuccess} data-testid="page-create">
      {t('admin_pages.new')}
    </Button>
  );
  return (
    <div className="flex flex-col gap-4" data-testid="pages-admin">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold">{t('admin_pages.title')}</h2>
          <p className="text-sm text-fg-muted">{t('admin_pages.lead')}</p>
        </div>
        {pages.length > 0 ? create : null}
      </div>
      {query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : null}
      {query.isPending ? <Skeleton className="h-32" /> : null}
      {query.isSuccess && pages.length === 0 ? <EmptyState title={t('admin_pages.empty_title')} text={t('admin_pages.empty_text')} action={create} /> : null}
      {pages.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label={t('admin_pages.title')}>
          {pages.map((page) => (
            <PageRow key={page.id} eventId={eventId} eventSlug={event.slug} timeZone={event.timezone} page={page} />
          ))}
        </ul>
      ) : null}
      {creating ? (
        <Modal title={t('admin_pages.new_title')} onClose={() => setCreating(false)} testId="page-create-dialog">
          <PageForm
            eventId={eventId}
            partyspaceTaken={partyspaceTaken}
            onCancel={() => setCreating(false)}
            onSaved={(page) => {
              setCreating(false);
              if (hasBlocks(page.kind)) void navigate(editPath(eventId, page.id));
            }}
          />
        </Modal>
      ) : null}
    </div>
  );
}
