// vacancies/{id} (product.md section 2; issue 17): one vacancy with its sanitised Markdown
// description, the skills the reader has verified, and responding or the reader's response.
import { routes, type Vacancy } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { browserTimezone, formatDate } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMe } from '../auth/session.ts';
import { CompanyLogo } from '../companies/CompanyLogo.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { vacancyErrorText } from './errors.ts';
import { salaryText } from './format.ts';
import { StatusBadge } from './MyResponses.tsx';
import { RespondForm } from './RespondForm.tsx';
import { SkillList } from './SkillList.tsx';
import { placeText } from './VacancyCard.tsx';

function Respond({ vacancy, eventId }: { vacancy: Vacancy; eventId: number }) {
  const { t } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  if (vacancy.my_response) {
    return (
      <div className="flex flex-col gap-2" data-testid="my-response">
        <p className="flex flex-wrap items-center gap-2">
          {t('vacancies.your_response')} <StatusBadge status={vacancy.my_response.status} />
        </p>
        <p className="text-sm text-fg-muted">
          {t('vacancies.responded_on', { date: formatDate(vacancy.my_response.created_at, timeZone) })} · {t(`vacancies.status_${vacancy.my_response.status}_text`)}
        </p>
      </div>
    );
  }
  if (vacancy.state !== 'open') return <Alert>{t('vacancies.closed_text')}</Alert>;
  if (!vacancy.can_respond) return <Alert>{t('vacancies.own_company_text')}</Alert>;
  return <RespondForm eventId={eventId} vacancyId={vacancy.id} />;
}

function VacancyView({ vacancy, eventId, slug }: { vacancy: Vacancy; eventId: number; slug: string }) {
  const { t, i18n } = useTranslation();
  const timeZone = useMe()?.timezone ?? browserTimezone();
  const salary = salaryText(t, vacancy.salary, i18n.language);
  return (
    <article className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start" data-testid="vacancy-page">
      <div className="flex flex-col gap-5">
        <header className="flex items-start gap-4">
          <CompanyLogo name={vacancy.company.name} src={vacancy.company.logo_url} size={64} />
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold tracking-tight break-words">{vacancy.title}</h1>
            <p className="text-fg-muted">
              <ButtonLink to={eventPath(slug, `companies/${vacancy.company.id}`)} variant="ghost" className="-ml-4">
                {vacancy.company.name}
              </ButtonLink>
            </p>
            <div className="mt-1 flex flex-wrap gap-2">
              <Badge tone="brand">{t(`vacancies.seniority_${vacancy.seniority}`)}</Badge>
              {vacancy.state === 'closed' ? <Badge tone="warning">{t('vacancies.state_closed')}</Badge> : null}
              {vacancy.state === 'draft' ? <Badge tone="warning">{t('vacancies.state_draft')}</Badge> : null}
            </div>
          </div>
        </header>
        <dl className="grid gap-3 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t('vacancies.where')}</dt>
            <dd>{placeText(t, vacancy)}</dd>
          </div>
          {salary ? (
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t('vacancies.salary')}</dt>
              <dd>{salary}</dd>
            </div>
          ) : null}
          {vacancy.closes_at ? (
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t('vacancies.closing_date')}</dt>
              <dd>{formatDate(vacancy.closes_at, timeZone)}</dd>
            </div>
          ) : null}
        </dl>
        {vacancy.skills.length > 0 ? (
          <section className="flex flex-col gap-2" aria-labelledby="vacancy-skills">
            <h2 id="vacancy-skills" className="text-lg font-bold">
              {t('vacancies.skills')}
            </h2>
            <SkillList skills={vacancy.skills} matches={vacancy.matches} label={t('vacancies.skills')} />
            {vacancy.matches.length > 0 ? <p className="text-sm text-emerald-800 dark:text-emerald-300">{t('vacancies.matches_text', { count: vacancy.matches.length })}</p> : null}
          </section>
        ) : null}
        {vacancy.description ? (
          <section className="rounded-2xl border border-line bg-surface p-5" aria-labelledby="vacancy-about">
            <h2 id="vacancy-about" className="mb-3 text-lg font-bold">
              {t('vacancies.description')}
            </h2>
            <Markdown>{vacancy.description}</Markdown>
          </section>
        ) : null}
      </div>
      <aside className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" aria-labelledby="vacancy-respond">
        <h2 id="vacancy-respond" className="text-lg font-bold">
          {t('vacancies.respond_title')}
        </h2>
        <Respond vacancy={vacancy} eventId={eventId} />
        {vacancy.can_edit ? (
          <ButtonLink to={`/profile/settings/company-vacancies/${vacancy.id}/edit`} variant="secondary">
            {t('vacancies.edit')}
          </ButtonLink>
        ) : null}
      </aside>
    </article>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...apiQuery(routes.getVacancy, { params: { eventId: event.id, id } }), enabled: member !== null && valid });
  const back = (
    <ButtonLink to={eventPath(slug, 'vacancies')} variant="ghost" className="self-start">
      {t('vacancies.back')}
    </ButtonLink>
  );
  const missing = !valid || (query.isError && query.error instanceof ApiError && query.error.status === 404);
  const body = missing ? (
    <EmptyState title={t('vacancies.not_found_title')} text={t('vacancies.not_found_text')} action={back} />
  ) : query.isPending ? (
    <Skeleton className="h-96" />
  ) : query.isError || !query.data ? (
    <EmptyState title={t('errors.server_error_title')} text={vacancyErrorText(t, query.error)} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
  ) : (
    <VacancyView vacancy={query.data.data} eventId={event.id} slug={slug} />
  );
  const page = (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
      {back}
      {body}
    </div>
  );
  return member ? page : <SectionGate section="members" event={event} member={null}>{page}</SectionGate>;
}
