// "Verified skills" (issue 15, academy-to-hiring): each skill with the academy lesson that proved it,
// on a member's page and on one's own profile. Nothing is shown while there are none.
import { routes, type VerifiedSkill } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { eventPath } from '../events/context.ts';

function SkillsSection({ skills, testId }: { skills: readonly VerifiedSkill[]; testId: string }) {
  const { t } = useTranslation();
  if (skills.length === 0) return null;
  return (
    <section className="rounded-2xl border border-line bg-surface p-5" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className="mb-1 text-lg font-bold">
        {t('vacancies.verified_skills')}
      </h2>
      <p className="mb-3 text-sm text-fg-muted">{t('vacancies.verified_skills_intro')}</p>
      <ul className="flex flex-col gap-2">
        {skills.map((item) => (
          <li key={item.skill.id} className="flex flex-wrap items-baseline gap-x-2">
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
              <span aria-hidden="true">✓</span>
              {item.skill.name}
            </span>
            <span className="text-sm text-fg-muted">
              {t('vacancies.proved_by')}{' '}
              <Link to={eventPath(item.event.slug, `academy/lesson/${item.lesson.id}`)} className="font-medium text-brand-ink underline">
                {item.lesson.title}
              </Link>{' '}
              · {item.event.name}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A member's verified skills, on their page in the event. */
export function MemberVerifiedSkills({ eventId, memberId }: { eventId: number; memberId: number }) {
  const query = useQuery(apiQuery(routes.listMemberVerifiedSkills, { params: { eventId, id: memberId } }));
  return <SkillsSection skills={query.data?.data ?? []} testId="member-verified-skills" />;
}

/** The signed-in person's verified skills, on their profile. */
export function MyVerifiedSkills() {
  const query = useQuery(apiQuery(routes.listMyVerifiedSkills, {}));
  return <SkillsSection skills={query.data?.data ?? []} testId="my-verified-skills" />;
}
