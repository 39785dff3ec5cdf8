// The lesson editor (issue 15): tabs 'main settings' (title, module, dates in the course timezone,
// open, active, teachers), 'lesson content' (the page editor) and 'homework' (has homework, blocking,
// its Markdown description, the skills an approved homework proves), saved together by the lesson's create or update call. It carries the
// flags isEditMode (the content canvas edits rather than previews), isProcessing (saving) and
// isLoaded (the lesson is in the editor) as data attributes; unsaved changes ask before leaving.
import { HOMEWORK_DESCRIPTION_MAX, LESSON_TITLE_MAX, PAGE_CONTENT_VERSION, stripTmp, type AcademyModule, type Lesson, type LessonInput } from '@lobby/contract';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../api/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, SelectField } from '../../ui/Controls.tsx';
import { Field } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { fromEditorData, toEditorData, type DraftContent } from '../page-editor/convert.ts';
import { LeaveGuard } from '../page-editor/LeaveGuard.tsx';
import { checkContent, serverProblems, type PageProblem } from '../page-editor/problems.ts';
import { serverFieldProblems } from './field-errors.ts';
import { fieldProblemText, LESSON_FORM_FIELDS, lessonInputOf, lessonValuesOf, MAIN_FIELDS, type LessonField, type LessonValues, type Problems } from './forms.ts';
import { MarkdownField } from './MarkdownField.tsx';
import { bySort } from './reorder.ts';
import { TabList, TabPanel, useTabIds } from './Tabs.tsx';
import { TeacherPicker } from './TeacherPicker.tsx';
import { SkillPicker } from '../vacancies/SkillPicker.tsx';

const LessonContentEditor = lazy(() => import('./LessonContentEditor.tsx').then((m) => ({ default: m.LessonContentEditor })));

export type LessonTab = 'main' | 'content' | 'homework';

/** What decides whether the lesson is unsaved: the form's values and the content without editor-only options. */
const fingerprint = (values: LessonValues, content: DraftContent): string => JSON.stringify([values, stripTmp(content)]);

/** The tab holding a field. */
export const tabOf = (field: LessonField): LessonTab => (MAIN_FIELDS.includes(field) ? 'main' : 'homework');

export interface LessonEditorProps {
  eventId: number;
  lesson: Lesson | undefined;
  moduleId: number;
  modules: AcademyModule[];
  timeZone: string;
  /** Sends the body (create or update); resolves with the saved lesson. */
  submit: (input: LessonInput) => Promise<{ data: Lesson }>;
  /** After a save, once the editor no longer holds unsaved changes (the page may navigate). */
  onSaved: (lesson: Lesson, created: boolean) => void;
  initialTab?: LessonTab;
}

export function LessonEditor({ eventId, lesson, moduleId, modules, timeZone, submit, onSaved, initialTab = 'main' }: LessonEditorProps) {
  const { t } = useTranslation();
  const ids = useTabIds();
  const [initial] = useState(() => toEditorData(lesson?.content ?? { version: PAGE_CONTENT_VERSION, blocks: [] }));
  const [values, setValues] = useState<LessonValues>(() => lessonValuesOf(lesson, moduleId, timeZone));
  const [content, setContent] = useState<DraftContent>(() => fromEditorData(initial.data));
  const [savedAs, setSavedAs] = useState(() => fingerprint(lessonValuesOf(lesson, moduleId, timeZone), fromEditorData(initial.data)));
  const [tab, setTab] = useState<LessonTab>(initialTab);
  const [fieldProblems, setFieldProblems] = useState<Problems<LessonField>>({});
  const [fromServer, setFromServer] = useState<PageProblem[]>([]);
  const [editMode, setEditMode] = useState(true);
  const [contentLoaded, setContentLoaded] = useState(false);
  const [saved, setSaved] = useState<{ lesson: Lesson; created: boolean } | null>(null);
  // Puck starts from this each time the content tab opens (it keeps its own data while open).
  const [start, setStart] = useState(initial.data);

  const dirty = fingerprint(values, content) !== savedAs;
  const checked = useMemo(() => checkContent(content), [content]);
  const contentProblems = useMemo(() => [...checked, ...fromServer], [checked, fromServer]);

  const save = useMutation({
    mutationFn: ({ input }: { input: LessonInput; values: LessonValues; content: DraftContent }) => submit(input),
    onMutate: () => setFromServer([]),
    onSuccess: (answer, sent) => {
      setSavedAs(fingerprint(sent.values, sent.content));
      toast.success(t(lesson ? 'academy_admin.lesson_saved' : 'academy_admin.lesson_created'));
      setSaved({ lesson: answer.data, created: !lesson });
    },
    onError: (error, sent) => {
      const fields = serverFieldProblems(error, LESSON_FORM_FIELDS);
      const blocks = error instanceof ApiError && error.status === 422 ? serverProblems((error.details?.fields as unknown[] | undefined)?.filter((item) => String((item as { field?: unknown }).field ?? '').replace(/^body\./, '').startsWith('content')), sent.content) : [];
      setFieldProblems(fields);
      setFromServer(blocks);
      const first = (Object.keys(fields) as LessonField[]).find((name) => fields[name]);
      if (first) setTab(tabOf(first));
      else if (blocks.length > 0) setTab('content');
      if (!first && blocks.length === 0) toast.error(t(lesson ? 'academy_admin.lesson_update_failed' : 'academy_admin.lesson_create_failed', { reason: apiErrorText(t, error) }));
    },
  });

  // Told once the saved state has rendered, so the leave guard lets the page move on.
  useEffect(() => {
    if (saved && !dirty) {
      setSaved(null);
      onSaved(saved.lesson, saved.created);
    }
  }, [saved, dirty, onSaved]);

  const { mutate, isPending } = save;
  const saveLesson = useCallback(() => {
    const { input, problems } = lessonInputOf(values, content, timeZone);
    setFieldProblems(problems);
    const first = (Object.keys(problems) as LessonField[]).find((name) => problems[name]);
    if (first) {
      setTab(tabOf(first));
      return;
    }
    if (checked.length > 0) {
      setTab('content');
      return;
    }
    mutate({ input, values, content });
  }, [values, content, timeZone, checked, mutate]);

  const set = <K extends keyof LessonValues>(name: K, value: LessonValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldProblems((current) => ({ ...current, [name]: undefined }));
  };
  const changeContent = useCallback((next: DraftContent) => {
    setContent(next);
    setFromServer([]);
  }, []);
  const markLoaded = useCallback(() => setContentLoaded(true), []);
  const openTab = (next: LessonTab) => {
    if (next === 'content' && tab !== 'content') setStart(toEditorData(content).data);
    setTab(next);
  };
  const error = (name: LessonField) => fieldProblemText(t, fieldProblems[name]);
  const count = (fields: LessonField[]) => fields.filter((name) => fieldProblems[name]).length;
  const mainCount = count([...MAIN_FIELDS]);
  const homeworkCount = count(['has_homework', 'blocked_homework', 'homework_description', 'skills']);
  const tabs = [
    { key: 'main' as const, label: t('academy_admin.tab_main'), badge: mainCount ? String(mainCount) : undefined },
    { key: 'content' as const, label: t('academy_admin.tab_content'), badge: contentProblems.length ? String(contentProblems.length) : undefined },
    { key: 'homework' as const, label: t('academy_admin.tab_homework'), badge: homeworkCount ? String(homeworkCount) : undefined },
  ];
  const problemsCount = mainCount + homeworkCount + contentProblems.length;

  return (
    <div
      className="flex flex-col gap-3"
      data-testid="lesson-editor"
      data-edit-mode={editMode}
      data-processing={isPending}
      data-loaded
      data-content-loaded={contentLoaded}
      data-dirty={dirty}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabList tabs={tabs} current={tab} onChange={openTab} label={t('academy_admin.lesson_tabs')} ids={ids} />
        <div className="flex items-center gap-3">
          <span role="status" className="text-sm text-fg-muted" data-testid="lesson-save-state">
            {isPending ? t('academy_admin.saving') : dirty ? t('academy_admin.unsaved') : t('academy_admin.all_saved')}
          </span>
          <Button onClick={saveLesson} disabled={isPending} data-testid="lesson-save">
            {lesson ? t('academy_admin.save') : t('academy_admin.lesson_create_submit')}
          </Button>
        </div>
      </div>
      {initial.skipped > 0 ? <Alert>{t('page_editor.skipped', { count: initial.skipped })}</Alert> : null}
      {problemsCount > 0 ? <Alert tone="error">{t('academy_admin.lesson_problems', { count: problemsCount })}</Alert> : null}

      <TabPanel id={ids('main').panel} tabId={ids('main').tab} hidden={tab !== 'main'}>
        <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
          <Field label={t('academy_admin.f_lesson_title')} value={values.short_description} onChange={(event) => set('short_description', event.target.value)} maxLength={LESSON_TITLE_MAX} required aria-required="true" error={error('short_description')} data-testid="lesson-title-input" />
          <SelectField label={t('academy_admin.module')} value={values.module_id} onChange={(event) => set('module_id', Number(event.target.value))} error={error('module_id')} hint={lesson && values.module_id !== lesson.module_id ? t('academy_admin.module_move_hint') : undefined} data-testid="lesson-module">
            {bySort(modules).map((module) => (
              <option key={module.id} value={module.id}>
                {module.short_description}
              </option>
            ))}
          </SelectField>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-semibold">{t('academy_admin.dates_in_zone', { zone: timeZone })}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field type="datetime-local" label={t('academy_admin.f_start_date')} value={values.start_date} onChange={(event) => set('start_date', event.target.value)} error={error('start_date')} hint={t('academy_admin.f_start_date_hint')} data-testid="lesson-start" />
              <Field type="datetime-local" label={t('academy_admin.f_end_date')} value={values.end_date} onChange={(event) => set('end_date', event.target.value)} error={error('end_date')} data-testid="lesson-end" />
            </div>
          </fieldset>
          <div className="flex flex-col gap-3">
            <Checkbox label={t('academy_admin.f_is_open')} checked={values.is_open} onChange={(event) => set('is_open', event.target.checked)} data-testid="lesson-open" />
            <Checkbox label={t('academy_admin.f_is_active')} checked={values.is_active} onChange={(event) => set('is_active', event.target.checked)} data-testid="lesson-active" />
          </div>
          <TeacherPicker eventId={eventId} value={values.teachers} onChange={(next) => set('teachers', next)} error={error('teachers')} />
        </div>
      </TabPanel>

      <TabPanel id={ids('content').panel} tabId={ids('content').tab} hidden={tab !== 'content'}>
        {tab === 'content' ? (
          <Suspense fallback={<Skeleton className="h-[40rem]" />}>
            <LessonContentEditor
              eventId={eventId}
              title={values.short_description || t('academy_admin.lesson_untitled')}
              start={start}
              content={content}
              problems={contentProblems}
              dirty={dirty}
              saving={isPending}
              onChange={changeContent}
              onSave={saveLesson}
              onEditMode={setEditMode}
              onLoaded={markLoaded}
            />
          </Suspense>
        ) : null}
      </TabPanel>

      <TabPanel id={ids('homework').panel} tabId={ids('homework').tab} hidden={tab !== 'homework'}>
        <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
          <Checkbox label={t('academy_admin.f_has_homework')} checked={values.has_homework} onChange={(event) => set('has_homework', event.target.checked)} data-testid="lesson-has-homework" />
          <Checkbox label={t('academy_admin.f_blocked_homework')} checked={values.has_homework && values.blocked_homework} disabled={!values.has_homework} onChange={(event) => set('blocked_homework', event.target.checked)} data-testid="lesson-blocked-homework" />
          <p className="text-xs text-fg-muted">{t('academy_admin.f_blocked_homework_hint')}</p>
          {error('blocked_homework') ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error('blocked_homework')}</p> : null}
          <MarkdownField label={t('academy_admin.f_homework_description')} value={values.homework_description} onChange={(value) => set('homework_description', value)} maxLength={HOMEWORK_DESCRIPTION_MAX} error={error('homework_description')} testId="lesson-homework-description" />
          <SkillPicker eventId={eventId} legend={t('vacancies.lesson_skills')} hint={t('vacancies.lesson_skills_hint')} value={values.skills} onChange={(next) => set('skills', next)} error={error('skills')} testId="lesson-skills" />
        </div>
      </TabPanel>
      <LeaveGuard dirty={dirty} />
    </div>
  );
}
