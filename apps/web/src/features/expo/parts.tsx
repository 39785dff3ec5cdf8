import type { BoothPerson } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { tierStyle } from '../companies/tier.ts';
import { useDictionaries } from '../dictionaries/use-dictionaries.ts';
import { NotFoundPage } from '../errors/pages.tsx';
import { eventPath } from '../events/context.ts';
import { useCanRequestMeetings } from '../meetings/MemberMeeting.tsx';

export const fullName = (person: Pick<BoothPerson, 'first_name' | 'last_name'>) => `${person.first_name} ${person.last_name}`.trim();

/** A failed list: not found, refused, or a retry. */
export function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  return <EmptyState title={t('errors.server_error_title')} text={apiErrorText(t, error)} action={<Button onClick={retry}>{t('errors.retry')}</Button>} />;
}

/** The sponsor tier's badge (its name from sponsor.levels), nothing without a tier. */
export function TierBadge({ eventId, type }: { eventId: number; type: number | null }) {
  const { t } = useTranslation();
  const dictionaries = useDictionaries(eventId);
  if (type === null) return null;
  return (
    <span className={cn('inline-flex self-start rounded-full px-2.5 py-0.5 text-xs font-bold', tierStyle(type).badge)} data-testid="tier-badge">
      {dictionaries.label('sponsor.levels', type) ?? t('companies.sponsor')}
    </span>
  );
}

/** "Request a meeting" with one person: the create-meeting modal over their member page. */
export function MeetingLink({ slug, person, testId = 'expo-request-meeting', compact = false }: { slug: string; person: BoothPerson; testId?: string; compact?: boolean }) {
  const { t } = useTranslation();
  if (!useCanRequestMeetings()) return null;
  return (
    <ButtonLink to={eventPath(slug, `members/${person.member_id}/create-meeting`)} variant={compact ? 'secondary' : 'primary'} aria-label={t('expo.request_meeting_with', { name: fullName(person) })} data-testid={testId}>
      {t('expo.request_meeting')}
    </ButtonLink>
  );
}

/** The company's people to meet: avatar, name linking to their page, job, "request a meeting". */
export function People({ slug, people, compact = false, wide = false }: { slug: string; people: BoothPerson[]; compact?: boolean; wide?: boolean }) {
  const { t } = useTranslation();
  if (people.length === 0) return null;
  return (
    <ul className={cn('grid grid-cols-1 gap-x-6 gap-y-3', wide && 'md:grid-cols-2 xl:grid-cols-3')} aria-label={t('expo.contacts')}>
      {people.map((person) => {
        const name = fullName(person);
        return (
          <li key={person.member_id} className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="expo-contact">
            <Avatar src={person.avatar_url} name={name} size={compact ? 36 : 40} />
            <div className="min-w-32 flex-1">
              <Link to={eventPath(slug, `members/${person.member_id}`)} className="block font-semibold break-words hover:underline">
                {name}
              </Link>
              {person.job ? <p className="text-xs text-fg-muted break-words">{person.job}</p> : null}
            </div>
            <MeetingLink slug={slug} person={person} compact />
          </li>
        );
      })}
    </ul>
  );
}
