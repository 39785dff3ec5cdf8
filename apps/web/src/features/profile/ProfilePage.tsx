import { countryName, type Me } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { signedInOnly } from '../auth/guards.ts';
import { meQuery } from '../auth/session.ts';
import { LoadError } from './load-state.tsx';

export const loader = signedInOnly;

/** The games of the person's companies, with "add a game" (its own chunk: the games' calls). */
const MyGames = lazy(() => import('../games/MyGames.tsx').then((m) => ({ default: m.MyGames })));
/** Skills proved in an academy (its own chunk: the vacancies' calls). */
const MyVerifiedSkills = lazy(() => import('../vacancies/VerifiedSkills.tsx').then((m) => ({ default: m.MyVerifiedSkills })));

function Facts({ me }: { me: Me }) {
  const { t } = useTranslation();
  const place = [me.city, countryName(me.geo, currentLanguage())].filter(Boolean).join(', ');
  const rows: [string, string | null][] = [
    [t('profile.company'), me.company?.name ?? null],
    [t('profile.place'), place || null],
    [t('profile.portfolio'), me.portfolio],
    [t('profile.linkedin'), me.linkedin],
    [t('profile.telegram'), me.contacts.telegram],
    [t('profile.phone'), me.phone],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {shown.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold uppercase text-fg-muted">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Options({ title, items }: { title: string; items: { id: number; name: string }[] }) {
  if (items.length === 0) return null;
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.id}>
            <Badge>{item.name}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProfileView({ me }: { me: Me }) {
  const { t } = useTranslation();
  const name = `${me.first_name} ${me.last_name}`.trim();
  const empty = !me.job && !me.bio && me.offer.length === 0 && me.looking.length === 0 && !me.company;
  return (
    <div className="flex flex-col gap-6" data-testid="profile-view">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={me.avatar_url} name={name || me.email} size={96} />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold tracking-tight">{name || me.email}</h1>
          {me.job ? <p className="text-fg-muted">{me.job}</p> : null}
        </div>
        <ButtonLink to="/profile/settings/main" variant="secondary">
          {t('profile.edit')}
        </ButtonLink>
      </div>
      {empty ? <EmptyState title={t('profile.empty_title')} text={t('profile.empty_text')} /> : null}
      {me.bio ? <p className="whitespace-pre-line">{me.bio}</p> : null}
      <Facts me={me} />
      <Options title={t('profile.offer')} items={me.offer} />
      <Options title={t('profile.looking')} items={me.looking} />
      <Suspense fallback={null}>
        <MyVerifiedSkills />
      </Suspense>
      {me.company ? (
        <Suspense fallback={<Skeleton className="h-20" />}>
          <MyGames />
        </Suspense>
      ) : null}
    </div>
  );
}

/** /profile: the signed-in person's own profile as others see it. */
export function Component() {
  const me = useQuery(meQuery());
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {me.isPending ? (
        <div className="flex items-center gap-4" aria-busy="true">
          <Skeleton className="size-24" />
          <Skeleton className="h-8 w-48" />
        </div>
      ) : me.isError ? (
        <LoadError error={me.error} retry={() => void me.refetch()} />
      ) : (
        <ProfileView me={me.data.data} />
      )}
    </div>
  );
}
