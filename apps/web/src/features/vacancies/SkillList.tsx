import type { Ref } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';

/** A vacancy's skills; the ones the reader has verified in an academy are marked (a tick and words, not colour alone). */
export function SkillList({ skills, matches, label }: { skills: readonly Ref[]; matches: readonly number[]; label: string }) {
  const { t } = useTranslation();
  if (skills.length === 0) return null;
  const verified = new Set(matches);
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {skills.map((skill) => {
        const mine = verified.has(skill.id);
        return (
          <li key={skill.id} className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', mine ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300' : 'bg-surface-muted text-fg-muted')} data-verified={mine || undefined}>
            {mine ? <span aria-hidden="true">✓</span> : null}
            {skill.name}
            {mine ? <span className="sr-only">{t('vacancies.skill_verified_sr')}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
