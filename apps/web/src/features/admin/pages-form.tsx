import { ErrorCode, FORM_MESSAGE_KEYS, FRAME_URL_MAX, PAGE_KINDS, PAGE_TITLE_MAX, routes, type AdminPage, type PageInput, type PageKind } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { apiErrorText, fieldErrorsOf } from '../auth/api-error.ts';
import { checkPageValues, pageInputOf, suggestSlug, valuesOfPage, type PageField, type PageFormValues } from './pages-rules.ts';
import { adminPagesQuery } from './queries.ts';

const FIELDS: readonly PageField[] = ['kind', 'title', 'slug', 'frame_url'];

export const refreshPages = (eventId: number) => queryClient.invalidateQueries({ queryKey: adminPagesQuery(eventId).queryKey });

/** Saves a page (made when `page` is absent) and refreshes the list. */
export function useSavePage(eventId: number, page?: AdminPage) {
  return useMutation({
    mutationFn: (input: PageInput) =>
      page ? callApi(routes.adminUpdatePage, { params: { eventId, pageId: page.id }, body: input }) : callApi(routes.adminCreatePage, { params: { eventId }, body: input }),
    onSuccess: (answer) => {
      // The list shows the saved page at once (the publish switch must not flip back while it reloads).
      queryClient.setQueryData(adminPagesQuery(eventId).queryKey, (list) => list && { ...list, data: list.data.some((item) => item.id === answer.data.id) ? list.data.map((item) => (item.id === answer.data.id ? answer.data : item)) : [...list.data, answer.data] });
      return refreshPages(eventId);
    },
  });
}

/** The server's answer on the form's fields: the taken address, the taken partyspace, each field problem. */
function serverProblems(t: ReturnType<typeof useTranslation>['t'], error: unknown): Partial<Record<PageField, string>> {
  if (!(error instanceof ApiError)) return {};
  if (error.code === ErrorCode.pageSlugTaken) return { slug: apiErrorText(t, error) };
  if (error.code === ErrorCode.partyspaceTaken) return { kind: apiErrorText(t, error) };
  const problems: Partial<Record<PageField, string>> = {};
  for (const item of fieldErrorsOf(error, FIELDS)) {
    const name = item.name as PageField;
    if (problems[name]) continue;
    if (name === 'frame_url' && item.key !== 'required') problems[name] = t('admin_pages.frame_url_invalid');
    else problems[name] = item.key && (FORM_MESSAGE_KEYS as readonly string[]).includes(item.key) ? t(`form.${item.key}`, item.params ?? {}) : item.message;
  }
  return problems;
}

const KIND_LABEL: Record<PageKind, string> = { stub: 'admin_pages.kind_stub', frame: 'admin_pages.kind_frame', partyspace: 'admin_pages.kind_partyspace' };
export const kindLabel = (kind: PageKind): string => KIND_LABEL[kind];

/**
 * A page's fields: the kind (when making one; the partyspace kind off with its reason when the
 * event has that page), title, address (suggested from the title until typed), a frame page's https
 * address and the published switch (off for a new page).
 */
export function PageForm({ eventId, page, partyspaceTaken = false, onSaved, onCancel }: { eventId: number; page?: AdminPage; partyspaceTaken?: boolean; onSaved: (page: AdminPage) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<PageFormValues>(() => (page ? valuesOfPage(page) : { kind: 'stub', title: '', slug: '', frame_url: '', published: false }));
  const [slugTyped, setSlugTyped] = useState(page !== undefined);
  const [problems, setProblems] = useState<Partial<Record<PageField, string>>>({});
  const save = useSavePage(eventId, page);
  const set = (patch: Partial<PageFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setProblems((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !(name in patch))));
  };
  /** The field's control; the kind's is its chosen radio. */
  const focus = (name: PageField) => document.getElementById(name === 'kind' ? `${id}-kind-${values.kind}` : `${id}-${name}`)?.focus();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPageValues(values);
    const texts = Object.fromEntries(Object.entries(found).map(([name, problem]) => [name, t(problem.key, problem.params ?? {})]));
    setProblems(texts);
    const first = FIELDS.find((name) => texts[name]);
    if (first) {
      focus(first);
      return;
    }
    save.mutate(pageInputOf(values, page?.content ?? null), {
      onSuccess: (answer) => onSaved(answer.data),
      onError: (error) => {
        const fromServer = serverProblems(t, error);
        setProblems(fromServer);
        const field = FIELDS.find((name) => fromServer[name]);
        if (field) focus(field);
      },
    });
  };
  const unplaced = save.isError && Object.keys(serverProblems(t, save.error)).length === 0;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="page-form">
      {unplaced ? <Alert tone="error">{apiErrorText(t, save.error)}</Alert> : null}
      {page ? null : (
        <fieldset className="flex flex-col gap-2" aria-describedby={problems.kind ? `${id}-kind-error` : undefined}>
          <legend className="mb-1 text-sm font-semibold">{t('admin_pages.f_kind')}</legend>
          {PAGE_KINDS.map((kind) => {
            const off = kind === 'partyspace' && partyspaceTaken;
            return (
              <div key={kind} className="flex items-start gap-2">
                <input
                  id={`${id}-kind-${kind}`}
                  type="radio"
                  name={`${id}-kind`}
                  value={kind}
                  checked={values.kind === kind}
                  disabled={off}
                  onChange={() => set({ kind })}
                  aria-describedby={`${id}-kind-${kind}-text`}
                  className="mt-0.5 size-5 accent-[var(--brand-solid)]"
                  data-testid={`page-kind-${kind}`}
                />
                <label htmlFor={`${id}-kind-${kind}`} className="flex flex-col text-sm">
                  <span className="font-semibold">{t(kindLabel(kind))}</span>
                  <span id={`${id}-kind-${kind}-text`} className="text-fg-muted">
                    {off ? t('admin_pages.partyspace_taken') : t(`admin_pages.kind_${kind}_text`)}
                  </span>
                </label>
              </div>
            );
          })}
          {problems.kind ? (
            <p id={`${id}-kind-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {problems.kind}
            </p>
          ) : null}
        </fieldset>
      )}
      <Field
        id={`${id}-title`}
        label={t('admin_pages.f_title')}
        value={values.title}
        maxLength={PAGE_TITLE_MAX}
        error={problems.title}
        onChange={(e) => set(slugTyped ? { title: e.target.value } : { title: e.target.value, slug: suggestSlug(e.target.value) })}
        data-testid="page-title"
      />
      <Field
        id={`${id}-slug`}
        label={t('admin_pages.f_slug')}
        hint={t('admin_pages.f_slug_hint')}
        value={values.slug}
        maxLength={64}
        autoCapitalize="none"
        spellCheck={false}
        error={problems.slug}
        onChange={(e) => {
          setSlugTyped(true);
          set({ slug: e.target.value.trim() });
        }}
        data-testid="page-slug"
      />
      {values.kind === 'frame' ? (
        <Field
          id={`${id}-frame_url`}
          label={t('admin_pages.f_frame_url')}
          hint={t('admin_pages.f_frame_url_hint')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.frame_url}
          maxLength={FRAME_URL_MAX}
          error={problems.frame_url}
          onChange={(e) => set({ frame_url: e.target.value })}
          data-testid="page-frame-url"
        />
      ) : null}
      <Checkbox label={t('admin_pages.f_published')} checked={values.published} onChange={(e) => set({ published: e.target.checked })} data-testid="page-published" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending} data-testid="page-save">
          {page ? t('admin.save') : values.kind === 'frame' ? t('admin_pages.create') : t('admin_pages.create_and_edit')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}
