import { JURY_CRITERIA_MAX, JURY_CRITERION_NAME_MAX, JURY_SCORE_MAX_LIMIT, routes, type JuryInput, type Showcase } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { isoToZoned, zonedToIso } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, TextareaField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { adminJuryQuery, refreshJury, resultsQuery } from '../jury/api.ts';
import { ResultsTable } from '../jury/ResultsTable.tsx';

interface CriterionRow {
  /** A stable key for the row while it is edited. */
  key: string;
  id?: number;
  name: string;
  description: string;
  max: string;
}

type Settings = JuryInput & { jurors: number };

let rowKeys = 0;
const newKey = () => `c${++rowKeys}`;

/** The showcase's jury: criteria (name, description, max score; added, removed, reordered), the scoring window, publishing. */
function JuryForm({ eventId, showcase, timeZone, settings }: { eventId: number; showcase: Showcase; timeZone: string; settings: Settings }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<CriterionRow[]>(() => settings.criteria.map((c) => ({ key: newKey(), id: c.id, name: c.name, description: c.description ?? '', max: String(c.max_score) })));
  const [starts, setStarts] = useState(settings.jury_starts_at ? isoToZoned(settings.jury_starts_at, timeZone) : '');
  const [ends, setEnds] = useState(settings.jury_ends_at ? isoToZoned(settings.jury_ends_at, timeZone) : '');
  const [published, setPublished] = useState(settings.results_published);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: JuryInput) => callApi(routes.adminUpdateJury, { params: { eventId, showcaseId: showcase.id }, body }),
    onMutate: () => {
      setProblem(null);
      setSaved(false);
    },
    onSuccess: async (result) => {
      setRows(result.data.criteria.map((c) => ({ key: newKey(), id: c.id, name: c.name, description: c.description, max: String(c.max_score) })));
      setSaved(true);
      await refreshJury();
    },
    onError: (error) => setProblem(apiErrorText(t, error)),
  });
  const edit = (index: number, patch: Partial<CriterionRow>) => {
    setSaved(false);
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  };
  const move = (index: number, by: number) => {
    setSaved(false);
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const criteria: JuryInput['criteria'] = [];
    for (const [index, row] of rows.entries()) {
      const max = Number(row.max);
      if (row.name.trim() === '') return setProblem(t('admin_jury.name_required', { n: index + 1 }));
      if (!Number.isInteger(max) || max < 2 || max > JURY_SCORE_MAX_LIMIT) return setProblem(t('admin_jury.max_range', { n: index + 1, limit: JURY_SCORE_MAX_LIMIT }));
      criteria.push({ ...(row.id ? { id: row.id } : {}), name: row.name.trim(), description: row.description.trim(), max_score: max });
    }
    const from = starts ? zonedToIso(starts, timeZone) : null;
    const to = ends ? zonedToIso(ends, timeZone) : null;
    if (from && to && Date.parse(to) < Date.parse(from)) return setProblem(t('admin_jury.window_order'));
    save.mutate({ criteria, jury_starts_at: from, jury_ends_at: to, results_published: published });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="jury-admin-form">
      <p className="text-sm text-fg-muted" data-testid="jury-admin-jurors">
        {t('admin_jury.jurors', { count: settings.jurors })}
      </p>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">{t('admin_jury.criteria', { max: JURY_CRITERIA_MAX })}</legend>
        {rows.length === 0 ? <p className="text-sm text-fg-muted">{t('admin_jury.criteria_none')}</p> : null}
        {rows.map((row, index) => (
          <div key={row.key} className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid="jury-admin-criterion">
            <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_8rem]">
              <Field label={t('admin_jury.f_name', { n: index + 1 })} maxLength={JURY_CRITERION_NAME_MAX} value={row.name} onChange={(e) => edit(index, { name: e.target.value })} data-testid="jury-criterion-name" />
              <Field label={t('admin_jury.f_max')} type="number" min={2} max={JURY_SCORE_MAX_LIMIT} inputMode="numeric" value={row.max} onChange={(e) => edit(index, { max: e.target.value })} data-testid="jury-criterion-max" />
            </div>
            <TextareaField label={t('admin_jury.f_description', { n: index + 1 })} rows={2} maxLength={500} value={row.description} onChange={(e) => edit(index, { description: e.target.value })} />
            <div className="flex flex-wrap gap-2">
              <Button variant="ghost" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('admin_jury.up', { n: index + 1 })}>
                {t('admin_jury.up_short')}
              </Button>
              <Button variant="ghost" disabled={index === rows.length - 1} onClick={() => move(index, 1)} aria-label={t('admin_jury.down', { n: index + 1 })}>
                {t('admin_jury.down_short')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setSaved(false);
                  setRows((list) => list.filter((_, i) => i !== index));
                }}
                aria-label={t('admin_jury.remove', { n: index + 1 })}
              >
                {t('admin_showcase.remove')}
              </Button>
            </div>
          </div>
        ))}
        <Button
          variant="secondary"
          className="self-start"
          disabled={rows.length >= JURY_CRITERIA_MAX}
          onClick={() => {
            setSaved(false);
            setRows((list) => [...list, { key: newKey(), name: '', description: '', max: '10' }]);
          }}
          data-testid="jury-criterion-add"
        >
          {t('admin_jury.add')}
        </Button>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin_jury.f_starts', { zone: timeZone })} type="datetime-local" hint={t('admin_jury.f_window_hint')} value={starts} onChange={(e) => { setSaved(false); setStarts(e.target.value); }} data-testid="jury-starts" />
        <Field label={t('admin_jury.f_ends', { zone: timeZone })} type="datetime-local" value={ends} onChange={(e) => { setSaved(false); setEnds(e.target.value); }} data-testid="jury-ends" />
      </div>
      <Checkbox label={t('admin_jury.f_published')} checked={published} onChange={(e) => { setSaved(false); setPublished(e.target.checked); }} data-testid="jury-published" />
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending} data-testid="jury-admin-save">
          {t('admin_jury.save')}
        </Button>
        <span role="status" className="text-sm font-semibold text-brand-ink">
          {saved ? t('admin_jury.saved') : ''}
        </span>
      </div>
    </form>
  );
}

function Results({ eventId, showcase }: { eventId: number; showcase: Showcase }) {
  const { t } = useTranslation();
  const query = useQuery(resultsQuery(eventId, showcase.slug));
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-lg font-bold">{t('jury.results_title')}</h3>
      {query.isPending ? (
        <Skeleton className="h-24" />
      ) : query.isError ? (
        <Alert tone="error">{apiErrorText(t, query.error)}</Alert>
      ) : (
        <>
          <p className="text-sm text-fg-muted">{t('jury.results_meta', { count: query.data.meta.jurors })}</p>
          <ResultsTable results={query.data.data} criteria={query.data.meta.criteria} />
        </>
      )}
    </div>
  );
}

/** The jury of one showcase in the back office: its settings and the results table (organisers always see it). */
export function JuryAdminPanel({ eventId, showcase, timeZone }: { eventId: number; showcase: Showcase; timeZone: string }) {
  const { t } = useTranslation();
  const query = useQuery(adminJuryQuery(eventId, showcase.id));
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" aria-labelledby="jury-admin-title" data-testid="jury-admin">
      <div className="flex flex-col gap-1">
        <h2 id="jury-admin-title" className="text-xl font-bold">
          {t('admin_jury.title')}
        </h2>
        <p className="text-sm text-fg-muted">{t('admin_jury.intro')}</p>
      </div>
      {query.isPending ? <Skeleton className="h-32" /> : query.isError ? <Alert tone="error">{apiErrorText(t, query.error)}</Alert> : <JuryForm eventId={eventId} showcase={showcase} timeZone={timeZone} settings={query.data.data} />}
      {query.isSuccess && query.data.data.criteria.length > 0 ? <Results eventId={eventId} showcase={showcase} /> : null}
    </section>
  );
}
