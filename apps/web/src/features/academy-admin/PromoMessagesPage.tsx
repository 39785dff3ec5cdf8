// academy-admin/promo-messages: a course admin writes to the students (the academy's promo channel,
// and by e-mail with one of the event's Custom templates or Lobby's own mail); everyone on the
// staff reads what was sent.
import { CHAT_TEXT_MAX, routes, type PromoMessage } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiQuery, callApi } from '../../api/client.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, SelectField, TextareaField } from '../../ui/Controls.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { useAcademyAdmin } from './context.ts';
import { ListLoading, LoadError, PageTitle } from './parts.tsx';
import { refreshAcademy } from './queries.ts';
import { useCourseSettings } from './use-course-timezone.ts';

const PER_PAGE = 20;
export const promoMessagesQuery = (eventId: number, page: number) => apiQuery(routes.listPromoMessages, { params: { eventId }, query: { page, per_page: PER_PAGE } });

function PromoForm({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [email, setEmail] = useState(true);
  const [template, setTemplate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const templates = useQuery(apiQuery(routes.listPromoTemplates, { params: { eventId } }));
  const send = useMutation({
    mutationFn: () => callApi(routes.sendPromoMessage, { params: { eventId }, body: { text: text.trim(), email, email_template_id: email && template ? Number(template) : null } }),
    onSuccess: async (answer) => {
      toast.success(answer.data.emailed ? t('academy_admin.promo_sent_mailed', { count: answer.data.recipients }) : t('academy_admin.promo_sent'));
      setText('');
      await refreshAcademy();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem(t('academy_admin.promo_empty'));
      return;
    }
    setProblem(null);
    send.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="mb-8 flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5" aria-labelledby={`${id}-title`} data-testid="promo-form">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t('academy_admin.promo_new')}
      </h3>
      <p className="text-sm text-fg-muted">{t('academy_admin.promo_intro')}</p>
      <TextareaField label={t('academy_admin.promo_text')} value={text} onChange={(event) => setText(event.target.value)} maxLength={CHAT_TEXT_MAX} rows={5} error={problem ?? undefined} data-testid="promo-text" />
      <Checkbox label={t('academy_admin.promo_email')} checked={email} onChange={(event) => setEmail(event.target.checked)} data-testid="promo-email" />
      {email ? (
        <SelectField
          label={t('academy_admin.promo_template')}
          value={template}
          onChange={(event) => setTemplate(event.target.value)}
          hint={templates.isSuccess && templates.data.data.length === 0 ? t('academy_admin.promo_no_templates') : t('academy_admin.promo_template_hint')}
          data-testid="promo-template"
        >
          <option value="">{t('academy_admin.promo_default_mail')}</option>
          {(templates.data?.data ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {send.isError ? <Alert tone="error">{apiErrorText(t, send.error)}</Alert> : null}
      <Button type="submit" disabled={send.isPending} className="self-start" data-testid="promo-send">
        {send.isPending ? t('academy_admin.promo_sending') : t('academy_admin.promo_send')}
      </Button>
    </form>
  );
}

function PromoItem({ promo, timeZone }: { promo: PromoMessage; timeZone: string }) {
  const { t } = useTranslation();
  const sender = promo.sender ? `${promo.sender.first_name} ${promo.sender.last_name}`.trim() : t('academy_admin.no_name');
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4" data-testid="promo-item">
      <p className="text-sm text-fg-muted">
        {t('academy_admin.promo_by', { name: sender, date: formatDate(promo.created_at, timeZone), time: formatTime(promo.created_at, timeZone) })}
      </p>
      <p className="whitespace-pre-wrap break-words">{promo.text}</p>
      <p className="text-sm text-fg-muted">
        {promo.emailed ? t('academy_admin.promo_mailed', { count: promo.recipients, template: promo.email_template?.name ?? t('academy_admin.promo_default_mail') }) : t('academy_admin.promo_chat_only')}
      </p>
    </li>
  );
}

export function PromoMessagesPage() {
  const { t } = useTranslation();
  const { eventId, editor } = useAcademyAdmin();
  const { timeZone } = useCourseSettings(eventId);
  const [page, setPage] = useState(1);
  const list = useQuery(promoMessagesQuery(eventId, page));
  return (
    <section data-testid="academy-promo">
      <PageTitle title={t('academy_admin.nav_promo_messages')} />
      {editor ? <PromoForm eventId={eventId} /> : <p className="mb-4 text-sm text-fg-muted">{t('academy_admin.promo_readonly')}</p>}
      <h3 className="mb-3 text-lg font-bold">{t('academy_admin.promo_sent_title')}</h3>
      {list.isPending ? <ListLoading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isSuccess && list.data.data.length === 0 ? <EmptyState title={t('academy_admin.promo_empty_title')} text={t('academy_admin.promo_empty_text')} /> : null}
      {list.isSuccess && list.data.data.length > 0 ? (
        <>
          <ul className="flex flex-col gap-3" data-testid="promo-list">
            {list.data.data.map((promo) => (
              <PromoItem key={promo.id} promo={promo} timeZone={timeZone} />
            ))}
          </ul>
          <Pager page={page} pages={list.data.meta.last_page} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
