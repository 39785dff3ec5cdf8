import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { emailTemplatesQuery } from './queries.ts';
import type { WidgetProps } from './types.ts';
import { controlClass, describedBy, errorIdOf, WidgetField } from './WidgetField.tsx';

/**
 * The e-mail template a form sends to whoever submits it: 'Email Template', placeholder 'Not
 * selected' (which clears it); the event's templates of every type but Custom; stores the id as a number.
 */
export function EmailTemplateWidget({ id, label, value, onChange, context }: WidgetProps<number>) {
  const { t } = useTranslation();
  const templates = useQuery(emailTemplatesQuery(context.eventId));
  const list = templates.data ?? [];
  const known = value === undefined || list.some((template) => template.id === value);
  const error = templates.isError ? t('page_editor_widgets.email_templates_failed') : null;
  return (
    <WidgetField id={id} label={label || t('page_editor_widgets.email_template')} testId={`email-template-widget-${id}`}>
      <div className="flex items-center gap-2">
        <select
          id={id}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          aria-busy={templates.isPending || undefined}
          className={controlClass(false, 'w-full')}
          data-testid="email-template-select"
        >
          <option value="">{t('page_editor_widgets.not_selected')}</option>
          {list.map((template) => (
            <option key={template.id} value={String(template.id)}>
              {template.name}
            </option>
          ))}
          {!known && templates.isSuccess ? <option value={String(value)}>{t('page_editor_widgets.email_template_unknown', { id: value })}</option> : null}
          {!known && !templates.isSuccess ? <option value={String(value)}>#{value}</option> : null}
        </select>
        {templates.isPending ? <Spinner label={t('page_editor_widgets.email_templates_loading')} /> : null}
      </div>
      {error ? (
        <>
          <p id={errorIdOf(id)} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
          <Button variant="secondary" className="self-start" onClick={() => void templates.refetch()}>
            {t('page_editor_widgets.retry')}
          </Button>
        </>
      ) : null}
    </WidgetField>
  );
}
