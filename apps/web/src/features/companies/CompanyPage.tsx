import { routes, type Company } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { NotesPanel } from '../notes/NotesPanel.tsx';
import { FavoriteStar } from '../favorites/FavoriteStar.tsx';
import { SectionGate } from '../members/SectionGate.tsx';
import { CompanyLogo } from './CompanyLogo.tsx';
import { CompanyPeople } from './CompanyPeople.tsx';
import { tierStyle } from './tier.ts';
import { cn } from '../../ui/cn.ts';
import { CompanyChatButton } from '../chat/StartChat.tsx';
import { BoothLeadsLink } from '../leads/BoothLeadsLink.tsx';
import { CompanyVacancies } from '../vacancies/CompanyVacancies.tsx';

function Facts({ company }: { company: Company }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('companies.business'), company.business.map((b) => b.name).join(', ') || null],
    [t('companies.size'), company.size?.name ?? null],
    [t('companies.country'), company.country],
    [t('companies.location'), company.location],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      {company.site ? (
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-fg-muted">{t('companies.site')}</dt>
          <dd>
            <a href={company.site} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-ink underline">
              {company.site.replace(/^https?:\/\//, '')}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function CompanyView({ company, eventId, slug }: { company: Company; eventId: number; slug: string }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  const hero = company.media.filter((m) => m.category.startsWith('hero'));
  const tier = tierStyle(company.sponsor_type);
  return (
    <article className="flex flex-col gap-6" data-testid="company-page">
      {company.cover_url || hero[0] ? (
        <img src={company.cover_url ?? hero[0]?.url} alt="" className="h-40 w-full rounded-2xl object-cover sm:h-64" data-testid="company-cover" />
      ) : null}
      <header className="flex flex-wrap items-start gap-4">
        <CompanyLogo name={company.name} src={company.logo_url} size={80} />
        <div className="min-w-0 flex-1">
          {company.sponsor_type !== null ? <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold', tier.badge)}>{dictionaries.label('sponsor.levels', company.sponsor_type) ?? t('companies.sponsor')}</span> : null}
          <h1 className="text-3xl font-bold tracking-tight break-words">{company.name}</h1>
          <div className="mt-2 flex flex-wrap gap-1">
            {company.tags.map((tag) => (
              <Badge key={tag.id}>{tag.name}</Badge>
            ))}
            {company.has_chat ? (
              <Badge tone="brand" className="gap-1">
                <span data-testid="company-has-chat">{t('companies.has_chat')}</span>
              </Badge>
            ) : null}
          </div>
        </div>
        <FavoriteStar eventId={eventId} type="companies" id={company.id} initial={company.is_favorite} name={company.name} />
      </header>
      {company.has_chat && company.abilities.chat ? <CompanyChatButton companyId={company.id} name={company.name} /> : null}
      <BoothLeadsLink company={company} />
      {hero.length > 1 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={t('companies.media')}>
          {hero.slice(1).map((m) => (
            <li key={m.id}>
              <img src={m.thumb_url ?? m.url} alt="" className="aspect-video w-full rounded-xl object-cover" />
            </li>
          ))}
        </ul>
      ) : null}
      <section className="rounded-2xl border border-line bg-surface p-5" aria-labelledby="company-about">
        <h2 id="company-about" className="mb-3 text-lg font-bold">
          {t('companies.about')}
        </h2>
        <Facts company={company} />
        {company.description ? (
          <div className="mt-4">
            <Markdown>{company.description}</Markdown>
          </div>
        ) : null}
      </section>
      <CompanyVacancies eventId={eventId} slug={slug} companyId={company.id} />
      <section className="rounded-2xl border border-line bg-surface p-5" aria-labelledby="company-people">
        <h2 id="company-people" className="mb-1 text-lg font-bold">
          {t('companies.people')}
        </h2>
        <CompanyPeople people={company.members} linkTo={(p) => (p.member_id === null ? null : eventPath(slug, `members/${p.member_id}`))} />
      </section>
      <NotesPanel eventId={eventId} subjectType="company" subjectId={company.id} />
    </article>
  );
}

/** companies/{id}: one company of the event. */
export function Component() {
  const { t } = useTranslation();
  const { event, member, slug } = useEventContext();
  const id = Number(useParams().companyId);
  const query = useQuery({ ...apiQuery(routes.getCompany, { params: { eventId: event.id, id } }), enabled: member !== null && Number.isInteger(id) && id > 0 });
  const back = (
    <ButtonLink to={eventPath(slug, 'companies')} variant="ghost" className="self-start">
      {t('companies.back')}
    </ButtonLink>
  );
  const body =
    query.isPending ? (
      <div className="flex flex-col gap-4" data-testid="company-loading">
        <Skeleton className="h-40" />
        <Skeleton className="h-24" />
      </div>
    ) : query.isError && query.error instanceof ApiError && query.error.status === 404 ? (
      <EmptyState title={t('companies.not_found_title')} text={t('companies.not_found_text')} action={back} />
    ) : query.isError || !query.data ? (
      <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
    ) : (
      <CompanyView company={query.data.data} eventId={event.id} slug={slug} />
    );
  const page = (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8">
      {back}
      {body}
    </div>
  );
  return member ? page : <SectionGate section="members" event={event} member={null}>{page}</SectionGate>;
}
