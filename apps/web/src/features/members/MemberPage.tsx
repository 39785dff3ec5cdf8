import { routes, type MemberProfile } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { eventPath, useEventContext } from '../events/context.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { NotesPanel } from '../notes/NotesPanel.tsx';
import { FavoriteStar } from '../favorites/FavoriteStar.tsx';
import { fullName, MemberBadges } from './MemberCardView.tsx';
import { accessOf, SectionGate } from './SectionGate.tsx';
import { MeetingRequestButton, MeetingRequestModal } from '../meetings/MemberMeeting.tsx';
import { MessageButton } from '../chat/StartChat.tsx';
import { MemberVerifiedSkills } from '../vacancies/VerifiedSkills.tsx';

/** Only http(s) addresses become links; anything else is shown as text. */
const safeHref = (value: string): string | null => {
  const url = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    return new URL(url).protocol.startsWith('http') ? url : null;
  } catch {
    return null;
  }
};

function ContactRow({ label, value, href }: { label: string; value: string; href?: string | null }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-all">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-ink underline">
            {value}
          </a>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function Contacts({ user }: { user: MemberProfile['user'] }) {
  const { t } = useTranslation();
  const rows: ReactNode[] = [];
  const telegram = user.contacts.telegram?.replace(/^@/, '');
  if (user.linkedin) rows.push(<ContactRow key="linkedin" label="LinkedIn" value={user.linkedin} href={safeHref(user.linkedin)} />);
  if (user.contacts.facebook) rows.push(<ContactRow key="facebook" label="Facebook" value={user.contacts.facebook} href={safeHref(user.contacts.facebook)} />);
  if (user.whatsapp) rows.push(<ContactRow key="whatsapp" label="WhatsApp" value={user.whatsapp} href={`https://wa.me/${user.whatsapp.replace(/\D/g, '')}`} />);
  if (telegram) rows.push(<ContactRow key="telegram" label="Telegram" value={`@${telegram}`} href={`https://t.me/${encodeURIComponent(telegram)}`} />);
  if (user.contacts.wechat) rows.push(<ContactRow key="wechat" label="WeChat" value={user.contacts.wechat} />);
  if (user.phone) rows.push(<ContactRow key="phone" label={t('members.phone')} value={user.phone} href={`tel:${user.phone.replace(/[^\d+]/g, '')}`} />);
  if (user.email) rows.push(<ContactRow key="email" label={t('members.email')} value={user.email} href={`mailto:${user.email}`} />);
  if (rows.length === 0) return <p className="text-sm text-fg-muted">{t('members.no_contacts')}</p>;
  return <dl className="flex flex-col gap-2 text-sm">{rows}</dl>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-5">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Refs({ items, empty }: { items: { id: number; name: string }[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-fg-muted">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item.id}>
          <Badge>{item.name}</Badge>
        </li>
      ))}
    </ul>
  );
}

function Profile({ eventId, slug, id }: { eventId: number; slug: string; id: number }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  const query = useQuery(apiQuery(routes.getMember, { params: { eventId, id } }));
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" data-testid="member-loading">
        <Skeleton className="h-32" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return notFound ? (
      <EmptyState title={t('members.not_found_title')} text={t('members.not_found_text')} action={<ButtonLink to={eventPath(slug, 'members')}>{t('members.back')}</ButtonLink>} />
    ) : (
      <EmptyState title={t('errors.server_error_title')} text={t('errors.server_error_text')} action={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>} />
    );
  }
  const member = query.data.data;
  const user = member.user;
  const name = fullName(user, t('members.unnamed'));
  const region = user.region ? dictionaries.label('regions', user.region) : undefined;
  const place = [user.city, region].filter(Boolean).join(', ');
  return (
    <article className="flex flex-col gap-4" data-testid="member-page">
      <header className={`flex flex-col gap-4 rounded-2xl border bg-surface p-5 sm:flex-row sm:items-center ${member.highlight ? 'border-brand ring-2 ring-brand' : 'border-line'}`}>
        <Avatar name={name} src={user.avatar_url} size={96} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
          {user.job ? <p className="text-fg-muted">{user.job}</p> : null}
          {user.company ? (
            <Link to={eventPath(slug, `companies/${user.company.id}`)} className="font-medium text-brand-ink underline">
              {user.company.name}
            </Link>
          ) : null}
          {place ? <p className="text-sm text-fg-muted">{place}</p> : null}
          <div className="mt-2">
            <MemberBadges card={member} />
          </div>
        </div>
        {member.is_me ? <Badge tone="success">{t('members.you')}</Badge> : <FavoriteStar eventId={eventId} type="users" id={member.id} initial={member.is_favorite} name={name} />}
      </header>
      {member.is_me ? null : (
        <div className="flex flex-wrap items-start gap-2">
          <MeetingRequestButton slug={slug} memberId={member.id} name={name} />
          <MessageButton userId={user.id} name={name} />
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <Section title={t('members.about')}>{user.bio ? <Markdown>{user.bio}</Markdown> : <p className="text-sm text-fg-muted">{t('members.no_bio')}</p>}</Section>
          {user.portfolio ? (
            <Section title={t('members.portfolio')}>
              <Markdown>{user.portfolio}</Markdown>
            </Section>
          ) : null}
          <Section title={t('members.offers')}>
            <Refs items={user.offer} empty={t('members.nothing_listed')} />
          </Section>
          <Section title={t('members.looking_for')}>
            <Refs items={user.looking} empty={t('members.nothing_listed')} />
          </Section>
          <MemberVerifiedSkills eventId={eventId} memberId={member.id} />
        </div>
        <div className="flex flex-col gap-4">
          <Section title={t('members.contacts')}>
            <Contacts user={user} />
          </Section>
          {member.is_me ? null : <NotesPanel eventId={eventId} subjectType="member" subjectId={member.id} />}
        </div>
      </div>
    </article>
  );
}

/** members/{id}: one person's page, behind the same gate as the directory; members/{id}/create-meeting (or /meeting) opens the request form over it. */
export function Component() {
  const { t } = useTranslation();
  const { event, member } = useEventContext();
  const params = useParams();
  const id = Number(params.id);
  // The spec's member modals: create-meeting, and "meeting" (the form with the invited member).
  const modal = params['*'] ?? '';
  const creating = modal === 'create-meeting' || modal === 'meeting';
  if (modal !== '' && !creating) return <NotFoundPage />;
  return (
    <SectionGate section="members" event={event} member={member}>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <Link to={eventPath(event.slug, 'members')} className="mb-4 inline-block text-sm font-medium text-brand-ink underline">
          {t('members.back')}
        </Link>
        {accessOf('members', member) !== 'ok' ? null : Number.isInteger(id) && id > 0 && id < 2_147_483_648 ? (
          <Profile eventId={event.id} slug={event.slug} id={id} />
        ) : (
          <EmptyState title={t('members.not_found_title')} text={t('members.not_found_text')} />
        )}
        {creating && accessOf('members', member) === 'ok' ? <MeetingRequestModal eventId={event.id} slug={event.slug} memberId={id} /> : null}
      </div>
    </SectionGate>
  );
}
