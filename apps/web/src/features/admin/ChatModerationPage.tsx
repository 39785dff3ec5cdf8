import { CHAT_BAN_REASON_MAX, routes, type ChatBan, type ChatReportItem } from '@lobby/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { browserTimezone, formatDate, formatTime, isoToZoned, zonedToIso } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextareaField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMe } from '../auth/session.ts';
import { ChatText } from '../chat/ChatText.tsx';
import { chatErrorText } from '../chat/errors.ts';
import { eventIdOf } from './AdminEventLayout.tsx';

const PER_PAGE = 20;
const MODERATION_KEYS = new Set<string>([routes.listChatReports.id, routes.listChatBans.id]);
const refresh = () => queryClient.invalidateQueries({ predicate: (query) => MODERATION_KEYS.has(String(query.queryKey[0])) });

const when = (iso: string, timeZone: string) => `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;

type Target = { user: { id: number; name: string }; messageId: number | null };

/** Ban a person from the event's chats until a date (in the organiser's timezone) with a reason. */
function BanDialog({ eventId, target, timeZone, onClose }: { eventId: number; target: Target; timeZone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [until, setUntil] = useState(() => isoToZoned(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(), timeZone));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ until?: string; reason?: string }>({});
  const ban = useMutation({
    mutationFn: (body: { user_id: number; until: string; reason: string }) => callApi(routes.banChatUser, { params: { eventId }, body }),
    onSuccess: () => {
      toast.success(t('admin_chat.banned_done', { name: target.user.name }));
      void refresh();
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iso = until ? zonedToIso(until, timeZone) : '';
    const found: { until?: string; reason?: string } = {};
    if (!iso) found.until = t('form.required');
    else if (Date.parse(iso) <= Date.now()) found.until = t('admin_chat.until_past');
    if (!reason.trim()) found.reason = t('form.required');
    setProblems(found);
    if (Object.keys(found).length === 0) ban.mutate({ user_id: target.user.id, until: iso, reason: reason.trim() });
  };
  return (
    <Modal title={t('admin_chat.ban_title', { name: target.user.name })} onClose={onClose} testId="chat-ban-dialog">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('admin_chat.until')} type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} error={problems.until} hint={t('admin_chat.timezone', { zone: timeZone })} required />
        <TextareaField label={t('admin_chat.reason')} value={reason} maxLength={CHAT_BAN_REASON_MAX} onChange={(event) => setReason(event.target.value)} error={problems.reason} required />
        {ban.isError ? <Alert tone="error">{chatErrorText(t, ban.error, timeZone, 'admin_chat.action_failed')}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('chat.cancel')}
          </Button>
          <Button type="submit" disabled={ban.isPending} data-testid="chat-ban-submit">
            {t('admin_chat.ban')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteReported({ eventId, item, timeZone, onClose }: { eventId: number; item: ChatReportItem; timeZone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useMutation({
    mutationFn: () => callApi(routes.moderateChatMessage, { params: { eventId, id: item.message.id } }),
    onSuccess: () => {
      toast.success(t('chat.deleted_done'));
      void refresh();
      onClose();
    },
  });
  return (
    <Modal title={t('chat.moderate_title')} onClose={onClose} testId="chat-moderate-dialog">
      <p>{t('chat.moderate_text')}</p>
      {remove.isError ? <Alert tone="error">{chatErrorText(t, remove.error, timeZone, 'admin_chat.action_failed')}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('chat.cancel')}
        </Button>
        <Button onClick={() => remove.mutate()} disabled={remove.isPending} data-testid="chat-moderate-confirm">
          {t('chat.delete')}
        </Button>
      </div>
    </Modal>
  );
}

function Report({ eventId, item, timeZone, onBan }: { eventId: number; item: ChatReportItem; timeZone: string; onBan: (target: Target) => void }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const dismiss = useMutation({
    mutationFn: () => callApi(routes.dismissChatReports, { params: { eventId, id: item.message.id } }),
    onSuccess: () => {
      toast.success(t('admin_chat.dismissed'));
      void refresh();
    },
    onError: (error) => toast.error(chatErrorText(t, error, timeZone, 'admin_chat.action_failed')),
  });
  const message = item.message;
  const author = message.sender;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="chat-report-item">
      <div className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
        <Badge tone="warning">{t('admin_chat.reports_count', { count: item.reports })}</Badge>
        <span>{t('admin_chat.in_channel', { name: item.channel_name })}</span>
        <span>· {t('admin_chat.last_reported', { when: when(item.last_reported_at, timeZone) })}</span>
      </div>
      <div className="flex items-start gap-3">
        <Avatar name={author?.name ?? t('chat.notice')} src={author?.icon_url} size={40} className="rounded-full" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {author?.name ?? t('chat.notice')} <span className="text-sm font-normal text-fg-muted">· {when(message.created_at, timeZone)}</span>
          </p>
          {message.is_visible ? (
            <>
              {message.text ? <ChatText text={message.text} /> : null}
              {message.attachments.length > 0 ? <p className="text-sm text-fg-muted">{t('chat.files_count', { count: message.attachments.length })}</p> : null}
            </>
          ) : (
            <p className="italic text-fg-muted">{t('chat.deleted')}</p>
          )}
        </div>
      </div>
      {item.reasons.length > 0 ? (
        <div>
          <p className="text-sm font-semibold">{t('admin_chat.reasons')}</p>
          <ul className="list-disc pl-5 text-sm">
            {item.reasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {item.author_ban ? (
        <p className="text-sm text-fg-muted" data-testid="chat-author-ban">
          {t('admin_chat.author_banned', { when: when(item.author_ban.until, timeZone), reason: item.author_ban.reason })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {message.is_visible ? (
          <Button variant="secondary" onClick={() => setDeleting(true)} data-testid="chat-report-delete">
            {t('admin_chat.delete_message')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => dismiss.mutate()} disabled={dismiss.isPending} data-testid="chat-report-dismiss">
          {t('admin_chat.dismiss')}
        </Button>
        {author ? (
          <Button variant="secondary" onClick={() => onBan({ user: author, messageId: message.id })} data-testid="chat-report-ban" aria-label={t('admin_chat.ban_label', { name: author.name })}>
            {t('admin_chat.ban_author')}
          </Button>
        ) : null}
      </div>
      {deleting ? <DeleteReported eventId={eventId} item={item} timeZone={timeZone} onClose={() => setDeleting(false)} /> : null}
    </li>
  );
}

function Reports({ eventId, timeZone, onBan }: { eventId: number; timeZone: string; onBan: (target: Target) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...apiQuery(routes.listChatReports, { params: { eventId }, query: { page, per_page: PER_PAGE } }), placeholderData: keepPreviousData });
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError) return <EmptyState title={t('errors.server_error_title')} text={chatErrorText(t, query.error, timeZone, 'errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  const { data, meta } = query.data;
  if (data.length === 0) return <EmptyState title={t('admin_chat.no_reports_title')} text={t('admin_chat.no_reports_text')} />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {data.map((item) => (
          <Report key={item.message.id} eventId={eventId} item={item} timeZone={timeZone} onBan={onBan} />
        ))}
      </ul>
      <Pager page={meta.page} pages={meta.last_page} onPage={setPage} />
    </div>
  );
}

function Bans({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const { t } = useTranslation();
  const query = useQuery(apiQuery(routes.listChatBans, { params: { eventId } }));
  const unban = useMutation({
    mutationFn: (ban: ChatBan) => callApi(routes.unbanChatUser, { params: { eventId, userId: ban.user.id } }),
    onSuccess: (_answer, ban) => {
      toast.success(t('admin_chat.unbanned', { name: ban.user.name }));
      void refresh();
    },
    onError: (error) => toast.error(chatErrorText(t, error, timeZone, 'admin_chat.action_failed')),
  });
  if (query.isPending) return <Skeleton className="h-24" />;
  if (query.isError) return <EmptyState title={t('errors.server_error_title')} text={chatErrorText(t, query.error, timeZone, 'errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />;
  if (query.data.data.length === 0) return <EmptyState title={t('admin_chat.no_bans_title')} text={t('admin_chat.no_bans_text')} />;
  return (
    <ul className="flex flex-col gap-2">
      {query.data.data.map((ban) => (
        <li key={ban.user.id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="chat-ban-item">
          <Avatar name={ban.user.name} src={ban.user.icon_url} size={40} className="rounded-full" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{ban.user.name}</p>
            <p className="text-sm">{t('admin_chat.ban_until', { when: when(ban.until, timeZone) })}</p>
            <p className="break-words text-sm text-fg-muted">{t('admin_chat.ban_reason', { reason: ban.reason })}</p>
            {ban.banned_by ? <p className="text-xs text-fg-muted">{t('admin_chat.banned_by', { name: ban.banned_by.name, when: when(ban.created_at, timeZone) })}</p> : null}
          </div>
          <Button variant="secondary" onClick={() => unban.mutate(ban)} disabled={unban.isPending} aria-label={t('admin_chat.unban_label', { name: ban.user.name })} data-testid="chat-unban">
            {t('admin_chat.unban')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** /admin/events/{id}/chat: reported messages (delete, dismiss, ban the author) and the current bans. */
export function Component() {
  const { t } = useTranslation();
  const eventId = eventIdOf(useParams());
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const [banning, setBanning] = useState<Target | null>(null);
  return (
    <div className="flex flex-col gap-8" data-testid="chat-moderation">
      <section aria-labelledby="chat-reports-title" className="flex flex-col gap-3">
        <h2 id="chat-reports-title" className="text-xl font-bold">
          {t('admin_chat.reports_title')}
        </h2>
        <Reports eventId={eventId} timeZone={timeZone} onBan={setBanning} />
      </section>
      <section aria-labelledby="chat-bans-title" className="flex flex-col gap-3">
        <h2 id="chat-bans-title" className="text-xl font-bold">
          {t('admin_chat.bans_title')}
        </h2>
        <Bans eventId={eventId} timeZone={timeZone} />
      </section>
      {banning ? <BanDialog eventId={eventId} target={banning} timeZone={timeZone} onClose={() => setBanning(null)} /> : null}
    </div>
  );
}
