import { LANGUAGES, type Language } from '@lobby/contract';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/cn.ts';

/** One tab per language (arrow keys move between them); the panel shows the chosen language's fields. */
export function LanguageTabs({ idBase, value, onChange, marks, children }: { idBase: string; value: Language; onChange: (lang: Language) => void; marks: Partial<Record<Language, 'filled' | 'error'>>; children: ReactNode }) {
  const { t } = useTranslation();
  const tabs = useRef<Partial<Record<Language, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LANGUAGES.indexOf(value);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: LANGUAGES.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const lang = LANGUAGES[(next + LANGUAGES.length) % LANGUAGES.length] ?? value;
    onChange(lang);
    tabs.current[lang]?.focus();
  };
  return (
    <div className="flex flex-col gap-3">
      <div role="tablist" aria-label={t('admin_emails.languages')} className="flex gap-1 self-start rounded-xl bg-surface-muted p-1">
        {LANGUAGES.map((lang) => (
          <button
            key={lang}
            ref={(node) => {
              tabs.current[lang] = node;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${lang}`}
            aria-selected={lang === value}
            aria-controls={`${idBase}-panel`}
            tabIndex={lang === value ? 0 : -1}
            onClick={() => onChange(lang)}
            onKeyDown={onKeyDown}
            className={cn('inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold', lang === value ? 'bg-surface shadow-sm' : 'text-fg-muted hover:text-fg')}
          >
            {t(`admin_emails.lang_${lang}`)}
            {marks[lang] === 'error' ? (
              <span className="text-red-700 dark:text-red-400">
                <span aria-hidden="true">!</span>
                <span className="sr-only">{t('admin_emails.lang_error')}</span>
              </span>
            ) : marks[lang] === 'filled' ? (
              <span className="text-emerald-700 dark:text-emerald-300">
                <span aria-hidden="true">✓</span>
                <span className="sr-only">{t('admin_emails.lang_filled')}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-tab-${value}`} className="flex flex-col gap-3">
        {children}
      </div>
    </div>
  );
}
