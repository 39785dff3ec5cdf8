import { EMAIL_TYPE_IDS, EMAIL_TYPE_VARIABLES, EmailType, ErrorCode, LANGUAGES, routes, ZEmailTemplateInput, type EmailTemplate, type Language } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldError, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiQuery, callApi } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';
import { queryClient } from '../../../api/query-client.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { contractResolver, formErrorText } from '../../../lib/form.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { SelectField, TextareaField } from '../../../ui/Controls.tsx';
import { Field } from '../../../ui/Field.tsx';
import { apiErrorText, applyFieldErrors } from '../../auth/api-error.ts';
import { DeleteTemplate } from './DeleteTemplate.tsx';
import { emailInputOf, emailValuesOf, insertVariable, isEmailTypeId, type EmailFormValues } from './email-texts.ts';
import { EmailPreview } from './EmailPreview.tsx';
import { LanguageTabs } from './LanguageTabs.tsx';

const check = contractResolver(ZEmailTemplateInput);
const SERVER_FIELDS = ['name', 'type_id', ...LANGUAGES.flatMap((lang) => [`translations.${lang}.subject`, `translations.${lang}.body`])];
type Part = 'subject' | 'body';

/** The first language with text, else the person's own. */
const firstLanguage = (template?: EmailTemplate): Language => LANGUAGES.find((lang) => template?.translations[lang]) ?? currentLanguage();

/** Create or edit one template: name, type (fixed once saved), subject and text per language, variables, live preview. */
export function EmailTemplateForm({ eventId, template }: { eventId: number; template?: EmailTemplate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idBase = useId();
  const form = useForm<EmailFormValues>({ defaultValues: emailValuesOf(template) });
  const [lang, setLang] = useState<Language>(() => firstLanguage(template));
  const fields = useRef<Partial<Record<Part, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const lastPart = useRef<Part>('body');
  const caretKnown = useRef(new Set<string>());
  const [typeValue, subject, body, translations] = useWatch({ control: form.control, name: ['type_id', `translations.${lang}.subject`, `translations.${lang}.body`, 'translations'] });
  const typeId = template ? template.type_id : Number(typeValue);
  const knownType = isEmailTypeId(typeId) ? typeId : null;
  const others = useQuery({ ...apiQuery(routes.listEmailTemplates, { params: { eventId }, query: { per_page: 100 } }), enabled: !template });
  const holder = knownType && knownType !== EmailType.Custom ? others.data?.data.find((item) => item.type_id === knownType && item.id !== template?.id) : undefined;

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof emailInputOf>) =>
      template
        ? callApi(routes.updateEmailTemplate, { params: { eventId, emailId: template.id }, body: { name: input.name, translations: input.translations } })
        : callApi(routes.createEmailTemplate, { params: { eventId }, body: input }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(apiQuery(routes.getEmailTemplate, { params: { eventId, emailId: saved.data.id } }).queryKey, saved);
      toast.success(t('admin_emails.saved'));
      form.reset(emailValuesOf(saved.data));
      await queryClient.invalidateQueries({ queryKey: [routes.listEmailTemplates.id] });
      if (!template) await navigate(`/admin/events/${eventId}/emails/${saved.data.id}`, { replace: true });
    },
    onError: (error) => applyFieldErrors(t, error, form.setError, SERVER_FIELDS),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors();
    const input = emailInputOf(values);
    if (template) input.type_id = template.type_id;
    const result = await check(input, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = Object.entries(result.errors) as [FieldPath<EmailFormValues>, FieldError][];
    for (const [name, problem] of errors) form.setError(name, { type: problem.type, message: problem.message ?? 'invalid', types: problem.types ?? {} });
    const wrongLanguage = LANGUAGES.find((code) => errors.some(([name]) => name.startsWith(`translations.${code}.`)));
    if (wrongLanguage && !errors.some(([name]) => name.startsWith(`translations.${lang}.`))) setLang(wrongLanguage);
    if (errors.length === 0) save.mutate(input);
  });

  const errors = form.formState.errors;
  const textError = (part: Part) => formErrorText(t, errors.translations?.[lang]?.[part]);
  const marks = Object.fromEntries(
    LANGUAGES.map((code) => [code, errors.translations?.[code] ? 'error' : translations[code].subject.trim() || translations[code].body.trim() ? 'filled' : undefined]),
  ) as Partial<Record<Language, 'filled' | 'error'>>;

  const register = (part: Part) => {
    const field = form.register(`translations.${lang}.${part}`);
    return {
      ...field,
      ref: (node: HTMLInputElement | HTMLTextAreaElement | null) => {
        field.ref(node);
        fields.current[part] = node;
      },
      onFocus: () => {
        lastPart.current = part;
        caretKnown.current.add(`${lang}.${part}`);
      },
    };
  };
  const insert = (variable: string) => {
    const part = lastPart.current;
    const node = fields.current[part];
    if (!node) return;
    const known = caretKnown.current.has(`${lang}.${part}`);
    const next = insertVariable(node.value, known ? node.selectionStart : null, known ? node.selectionEnd : null, variable);
    form.setValue(`translations.${lang}.${part}`, next.text, { shouldDirty: true });
    node.focus();
    node.setSelectionRange(next.caret, next.caret);
  };

  const saveError = save.error;
  const notFound = saveError instanceof ApiError && saveError.code === ErrorCode.emailTemplateNotFound;
  const taken = saveError instanceof ApiError && saveError.code === ErrorCode.emailTemplateTaken;
  const listPath = `/admin/events/${eventId}/emails`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-4" data-testid="email-template-form">
        {save.isError ? (
          <Alert tone="error">
            {apiErrorText(t, saveError)}{' '}
            {notFound ? (
              <Link to={listPath} className="font-semibold underline">
                {t('admin_emails.back')}
              </Link>
            ) : taken && holder ? (
              <Link to={`${listPath}/${holder.id}`} className="font-semibold underline">
                {t('admin_emails.open_existing', { name: holder.name })}
              </Link>
            ) : null}
          </Alert>
        ) : null}
        <Field label={t('admin_emails.name')} hint={t('admin_emails.name_hint')} maxLength={120} error={formErrorText(t, errors.name)} {...form.register('name')} />
        {template ? (
          <SelectField label={t('admin_emails.type')} hint={t('admin_emails.type_fixed')} value={String(template.type_id)} disabled>
            <option value={template.type_id}>{t(`admin_emails.type_${template.type_id}`)}</option>
          </SelectField>
        ) : (
          <SelectField
            label={t('admin_emails.type')}
            hint={holder ? t('admin_emails.type_taken_hint', { name: holder.name }) : t('admin_emails.type_hint')}
            error={errors.type_id ? t('admin_emails.type_required') : undefined}
            {...form.register('type_id')}
          >
            <option value="">{t('admin_emails.type_placeholder')}</option>
            {EMAIL_TYPE_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`admin_emails.type_${id}`)}
              </option>
            ))}
          </SelectField>
        )}
        {holder && !template ? (
          <Link to={`${listPath}/${holder.id}`} className="-mt-2 self-start text-sm font-semibold text-brand-ink underline">
            {t('admin_emails.open_existing', { name: holder.name })}
          </Link>
        ) : null}
        {errors.translations?.type ? <Alert tone="error">{t('admin_emails.need_language')}</Alert> : null}
        <LanguageTabs idBase={idBase} value={lang} onChange={setLang} marks={marks}>
          <div key={lang} className="flex flex-col gap-3">
            <Field label={t('admin_emails.subject')} maxLength={200} error={textError('subject')} {...register('subject')} />
            <TextareaField label={t('admin_emails.body')} hint={t('admin_emails.body_hint')} rows={10} maxLength={10_000} error={textError('body')} {...register('body')} />
          </div>
        </LanguageTabs>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('admin_emails.variables')}</legend>
          {knownType ? (
            <>
              <p className="text-xs text-fg-muted">{t('admin_emails.variables_hint')}</p>
              <div className="flex flex-wrap gap-2" data-testid="email-variables">
                {EMAIL_TYPE_VARIABLES[knownType].map((variable) => (
                  <button
                    key={variable}
                    type="button"
                    title={t(`admin_emails.var_${variable}`)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(variable)}
                    className="inline-flex min-h-10 items-center rounded-full border border-line bg-surface px-3 font-mono text-sm hover:bg-surface-muted"
                  >
                    {`{{${variable}}}`}
                    <span className="sr-only">: {t(`admin_emails.var_${variable}`)}</span>
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p className="text-xs text-fg-muted">{t('admin_emails.variables_none')}</p>
          )}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={save.isPending}>
            {template ? t('admin_emails.save') : t('admin_emails.create')}
          </Button>
          {template ? <DeleteTemplate eventId={eventId} template={template} /> : null}
        </div>
      </form>
      <EmailPreview eventId={eventId} typeId={knownType} language={lang} subject={subject} body={body} />
    </div>
  );
}
