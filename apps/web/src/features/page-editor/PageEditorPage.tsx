// The page editor (issue 14): an organiser page's blocks in Puck, checked by the contract on every
// change, saved with the page's other values. Loaded only on this route (Puck is a large chunk).
import { routes, stripTmp, type AdminPage } from '@lobby/contract';
import type { Data } from '@puckeditor/core';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { toast } from 'sonner';
import { callApi } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { queryClient } from '../../api/query-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { fromEditorData, toEditorData, type DraftContent } from './convert.ts';
import type { EditorState } from './editor-state.ts';
import { LeaveGuard } from './LeaveGuard.tsx';
import { checkContent, serverProblems, type PageProblem } from './problems.ts';
import { PuckFrame } from './PuckFrame.tsx';
import { adminPagesQuery, refreshPages } from './queries.ts';

const idsOf = (params: Record<string, string | undefined>) => ({ eventId: Number(params.id), pageId: Number(params.pageId) });

export async function loader(args: LoaderFunctionArgs) {
  signedInOnly(args);
  await queryClient.ensureQueryData(adminPagesQuery(idsOf(args.params).eventId));
  return null;
}

/** Only one copy of a block's options is compared: editor-only (tmp_) options never make the page unsaved. */
const fingerprint = (content: DraftContent): string => JSON.stringify(stripTmp(content));

function PageEditor({ eventId, page }: { eventId: number; page: AdminPage }) {
  const { t } = useTranslation();
  // The editor keeps its own data from here on; the page's later copies (after saving) do not reset it.
  const [initial] = useState(() => toEditorData(page.content));
  const start = initial.data;
  const [content, setContent] = useState<DraftContent>(() => fromEditorData(start));
  const [savedAs, setSavedAs] = useState(() => fingerprint(fromEditorData(start)));
  const [fromServer, setFromServer] = useState<PageProblem[]>([]);
  const [editMode, setEditMode] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const sent = useRef<DraftContent | null>(null);
  const dirty = fingerprint(content) !== savedAs;
  const checked = useMemo(() => checkContent(content), [content]);
  const problems = useMemo(() => [...checked, ...fromServer], [checked, fromServer]);

  const save = useMutation({
    mutationFn: (draft: DraftContent) => {
      sent.current = draft;
      return callApi(routes.adminUpdatePage, { params: { eventId, pageId: page.id }, body: { slug: page.slug, kind: page.kind, title: page.title, published: page.published, content: stripTmp(draft) } });
    },
    onMutate: () => setFromServer([]),
    onSuccess: async (answer, draft) => {
      setSavedAs(fingerprint(draft));
      toast.success(t('page_editor.saved'));
      queryClient.setQueryData(adminPagesQuery(eventId).queryKey, (old) => (old ? { ...old, data: old.data.map((item) => (item.id === answer.data.id ? answer.data : item)) } : old));
      await refreshPages();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422 && sent.current) setFromServer(serverProblems(error.details?.fields, sent.current));
    },
  });

  const onChange = useCallback((data: Data) => {
    setContent(fromEditorData(data));
    setFromServer([]);
  }, []);
  const markLoaded = useCallback(() => setLoaded(true), []);
  const { mutate, isPending } = save;
  const state: EditorState = useMemo(
    () => ({ blocks: content.blocks, problems, dirty, saving: isPending, save: () => mutate(content), setEditMode, setLoaded: markLoaded }),
    [content, problems, dirty, isPending, mutate, markLoaded],
  );
  const saveError = save.isError && !(save.error instanceof ApiError && save.error.status === 422) ? apiErrorText(t, save.error) : null;

  return (
    <div data-testid="page-editor" data-edit-mode={editMode} data-processing={save.isPending} data-loaded={loaded} data-dirty={dirty} className="flex flex-col gap-3 px-2 py-4 sm:px-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">{t('page_editor.title', { title: page.title })}</h1>
        <Link to={`/admin/events/${eventId}/pages`} className="text-sm font-semibold text-brand-ink underline">
          {t('page_editor.back')}
        </Link>
      </div>
      {initial.skipped > 0 ? <Alert>{t('page_editor.skipped', { count: initial.skipped })}</Alert> : null}
      {saveError ? <Alert tone="error">{saveError}</Alert> : null}
      <PuckFrame eventId={eventId} state={state} start={start} onChange={onChange} title={page.title} path={`/${page.kind}/${page.slug}`} />
      <LeaveGuard dirty={dirty} />
    </div>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { eventId, pageId } = idsOf(useParams());
  const { data } = useSuspenseQuery(adminPagesQuery(eventId));
  const page = data.data.find((item) => item.id === pageId);
  const back = (
    <Link to={`/admin/events/${eventId}/pages`} className="text-sm font-semibold text-brand-ink underline">
      {t('page_editor.back')}
    </Link>
  );
  if (!page || page.kind === 'frame') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        {page ? <EmptyState title={t('page_editor.frame_title')} text={t('page_editor.frame_text')} action={back} /> : <EmptyState title={t('page_editor.not_found_title')} text={t('page_editor.not_found_text')} action={back} />}
      </div>
    );
  }
  return <PageEditor key={page.id} eventId={eventId} page={page} />;
}
