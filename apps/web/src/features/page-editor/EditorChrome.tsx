// The editor's parts inside Puck: the bar under its header (add a block by keyboard, edit or
// preview, save, the page's problems), the problems of the selected block in the fields panel, and
// the selected block's actions (a copy gets its own uuid and block id).
import { ActionBar, createUsePuck, useGetPuck, type Overrides } from '@puckeditor/core';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { BLOCK_NAMES, blockLabelKey, blockNameOf, ROOT_ZONE, type BlockName, type DraftBlock } from './convert.ts';
import { useEditorState } from './editor-state.ts';
import { problemField, problemText, type PageProblem } from './problems.ts';

const usePuck = createUsePuck();

/** A block as people name it in lists: its place, its type and its block id. */
export function useBlockName(): (block: DraftBlock, index: number) => string {
  const { t } = useTranslation();
  return (block, index) => {
    const name = blockNameOf(block.id);
    return t('page_editor.block_name', { number: index + 1, type: name ? t(blockLabelKey(name)) : String(block.id), id: block.blockId });
  };
}

/** Adds a block of the chosen type after the selected one (or at the end) with Puck's insert action, and selects it. */
function AddBlock() {
  const { t } = useTranslation();
  const getPuck = useGetPuck();
  const [type, setType] = useState<BlockName>('Markdown');
  const selectId = useId();
  const add = () => {
    const { appState, dispatch } = getPuck();
    const selected = appState.ui.itemSelector;
    const inRoot = selected && (selected.zone ?? ROOT_ZONE) === ROOT_ZONE;
    const index = inRoot ? selected.index + 1 : appState.data.content.length;
    dispatch({ type: 'insert', componentType: type, destinationIndex: index, destinationZone: ROOT_ZONE, id: crypto.randomUUID() });
    dispatch({ type: 'setUi', ui: { itemSelector: { index, zone: ROOT_ZONE }, rightSideBarVisible: true } });
  };
  return (
    <div className="flex items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-xs font-semibold text-fg-muted">
          {t('page_editor.block_type')}
        </label>
        <select id={selectId} data-testid="add-block-type" value={type} onChange={(event) => setType(event.target.value as BlockName)} className="min-h-11 rounded-xl border border-line bg-surface px-3 text-sm">
          {BLOCK_NAMES.map((name) => (
            <option key={name} value={name}>
              {t(blockLabelKey(name))}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" onClick={add} data-testid="add-block">
        {t('page_editor.add_block')}
      </Button>
    </div>
  );
}

/** Selects a block by its uuid (from the problems list). */
function useSelectBlock(): (uuid: string) => void {
  const getPuck = useGetPuck();
  return (uuid) => {
    const { appState, dispatch } = getPuck();
    const index = appState.data.content.findIndex((item) => item.props.id === uuid || String(item.props.id).endsWith(uuid));
    if (index >= 0) dispatch({ type: 'setUi', ui: { itemSelector: { index, zone: ROOT_ZONE }, rightSideBarVisible: true } });
  };
}

function ProblemList() {
  const { t } = useTranslation();
  const { blocks, problems } = useEditorState();
  const nameOf = useBlockName();
  const select = useSelectBlock();
  const headingId = useId();
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="page-problems" className="max-h-40 overflow-y-auto rounded-xl border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
      <h2 id={headingId} className="font-semibold">
        {t('page_editor.problems', { count: problems.length })}
      </h2>
      <ul className="mt-1 flex flex-col gap-1">
        {problems.map((problem, index) => {
          const at = problem.uuid === null ? -1 : blocks.findIndex((block) => block.uuid === problem.uuid);
          const block = at >= 0 ? blocks[at] : undefined;
          const text = `${problemField(t, problem)}: ${problemText(t, problem)}`;
          return (
            <li key={index} data-testid="page-problem">
              {block ? (
                <button type="button" className="text-left underline-offset-2 hover:underline focus-visible:underline" onClick={() => select(block.uuid)}>
                  <span className="font-semibold">{nameOf(block, at)}</span> — {text}
                </button>
              ) : (
                <span>{text}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The bar under Puck's header; it also reports whether the canvas is in edit mode. */
function EditorBar() {
  const { t } = useTranslation();
  const { dirty, saving, save, setEditMode, setLoaded } = useEditorState();
  const previewMode = usePuck((s) => s.appState.ui.previewMode);
  const dispatch = usePuck((s) => s.dispatch);
  // Puck records a step a moment after a change (steps close together make one): its place in the history.
  const step = usePuck((s) => s.history.index);
  const editing = previewMode === 'edit';
  useEffect(() => setEditMode(editing), [editing, setEditMode]);
  useEffect(() => setLoaded(), [setLoaded]);
  return (
    <div className="flex flex-col gap-2 border-b border-line bg-surface px-3 py-2 text-fg" data-testid="editor-bar" data-history-step={step}>
      <div className="flex flex-wrap items-end gap-3">
        <AddBlock />
        <Button variant="ghost" aria-pressed={!editing} data-testid="preview-toggle" onClick={() => dispatch({ type: 'setUi', ui: { previewMode: editing ? 'interactive' : 'edit' } })}>
          {t('page_editor.try_page')}
        </Button>
        <div className="ms-auto flex items-center gap-3">
          <span role="status" className={cn('text-sm', dirty ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-fg-muted')} data-testid="save-state">
            {saving ? t('page_editor.saving') : dirty ? t('page_editor.unsaved') : t('page_editor.all_saved')}
          </span>
          <Button onClick={save} disabled={saving} data-testid="save-page">
            {t('page_editor.save')}
          </Button>
        </div>
      </div>
      <ProblemList />
    </div>
  );
}

function EditorHeader({ children }: { children: ReactNode }) {
  return (
    <div>
      {children}
      <EditorBar />
    </div>
  );
}

/** Puck's layout width from which the fields sit in the right sidebar (below it, in the bottom panel). */
const WIDE = '(min-width: 638px)';

/**
 * Puck draws the fields twice, in the right sidebar (wide screens) and in a bottom panel (narrow
 * ones), one of them hidden. Only the shown copy is filled: two copies would give every field's id
 * twice, and a label would name the control of the hidden copy.
 */
function useShownCopy(): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [inSidebar, setInSidebar] = useState<boolean | null>(null);
  const wide = useMediaQuery(WIDE, true);
  useLayoutEffect(() => setInSidebar(ref.current?.closest('[class*="_Sidebar--right_"]') !== null), []);
  return [ref, inSidebar !== null && inSidebar === wide];
}

/** The fields panel: the selected block's problems above its fields, or a hint when none is selected. */
function FieldsPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { problems } = useEditorState();
  const [ref, shown] = useShownCopy();
  const selectedId = usePuck((s) => (s.selectedItem?.props.id as string | undefined) ?? null);
  const own: PageProblem[] = selectedId === null ? [] : problems.filter((problem) => problem.uuid !== null && (selectedId === problem.uuid || selectedId.endsWith(problem.uuid)));
  if (!shown) return <div ref={ref} />;
  return (
    <div ref={ref} className="flex flex-col">
      {selectedId === null ? <p className="px-4 pt-4 text-sm text-fg-muted">{t('page_editor.select_hint')}</p> : null}
      {own.length > 0 ? (
        <ul data-testid="block-problems" className="mx-3 mt-3 flex flex-col gap-1 rounded-xl border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          {own.map((problem, index) => (
            <li key={index}>
              <span className="font-semibold">{problemField(t, problem)}</span>: {problemText(t, problem)}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}

function CopyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="8" y="8" width="14" height="14" rx="2" />
      <path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" />
    </svg>
  );
}

/** Copies the selected block right after it: a new uuid, and an id of its own until it is named. */
function DuplicateAction() {
  const { t } = useTranslation();
  const getPuck = useGetPuck();
  const onClick = () => {
    const { appState, dispatch, selectedItem } = getPuck();
    const selected = appState.ui.itemSelector;
    if (!selected || !selectedItem || (selected.zone ?? ROOT_ZONE) !== ROOT_ZONE) return;
    const copy = { type: selectedItem.type, props: { ...structuredClone(selectedItem.props), id: crypto.randomUUID(), blockId: '' } };
    const index = selected.index + 1;
    dispatch({ type: 'setData', data: (previous) => ({ content: [...(previous.content ?? []).slice(0, index), copy, ...(previous.content ?? []).slice(index)] }), recordHistory: true });
    dispatch({ type: 'setUi', ui: { itemSelector: { index, zone: ROOT_ZONE } } });
  };
  return (
    <ActionBar.Action onClick={onClick} label={t('page_editor.duplicate')}>
      <CopyIcon />
    </ActionBar.Action>
  );
}

function BlockActionBar({ label, children, parentAction }: { label?: string; children: ReactNode; parentAction: ReactNode }) {
  return (
    <ActionBar>
      <ActionBar.Group>
        {parentAction}
        {label ? <ActionBar.Label label={label} /> : null}
      </ActionBar.Group>
      <ActionBar.Group>
        <DuplicateAction />
        {children}
      </ActionBar.Group>
    </ActionBar>
  );
}

/** The canvas frame gets a name, the page's language and its design tokens (set on the app's <html> from the event's theme). */
function CanvasFrame({ children, document: frame }: { children: ReactNode; document?: Document }) {
  const { t, i18n } = useTranslation();
  const title = t('page_editor.canvas');
  useEffect(() => {
    if (!frame) return;
    frame.documentElement.style.cssText = window.document.documentElement.style.cssText;
    frame.documentElement.lang = i18n.language;
    frame.defaultView?.frameElement?.setAttribute('title', title);
  }, [frame, title, i18n.language]);
  return <>{children}</>;
}

function NoHeaderActions() {
  return <></>;
}

export const editorOverrides: Partial<Overrides> = {
  header: EditorHeader,
  headerActions: NoHeaderActions,
  fields: FieldsPanel,
  actionBar: BlockActionBar,
  iframe: CanvasFrame,
};
