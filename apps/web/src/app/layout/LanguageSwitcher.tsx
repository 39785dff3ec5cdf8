import { LANGUAGE_NAMES, type Language } from '@lobby/contract';
import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, offeredLanguages, onOfferedLanguages, switchLanguage } from '../../i18n/index.ts';


export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const languages = useSyncExternalStore(onOfferedLanguages, offeredLanguages);
  if (languages.length < 2) return null;
  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        data-testid="language-switch"
        value={currentLanguage()}
        onChange={(event) => switchLanguage(event.target.value as Language)}
        className="min-h-11 cursor-pointer rounded-xl border border-line bg-surface px-3 text-sm font-medium"
      >
        {languages.map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
