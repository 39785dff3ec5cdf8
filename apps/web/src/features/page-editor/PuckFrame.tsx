// Puck with Lobby's sixteen blocks, its bar, problems and widgets, as both editors show it: an
// organiser page's (PageEditorPage) and a lesson's content (the academy's lesson editor). The
// editor around it owns the content, the saving and the problems; this frame only draws them.
import '@puckeditor/core/no-external.css';
import { Puck, type Data, type Viewports } from '@puckeditor/core';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { pageEditorConfig } from './config.tsx';
import { blockLabelKey, blockNameOf } from './convert.ts';
import { puckDictionary } from './dictionary.ts';
import { PageEditorContext } from './editor-context.ts';
import { EditorStateContext, type EditorState } from './editor-state.ts';
import { editorOverrides } from './EditorChrome.tsx';

export interface PuckFrameProps {
  eventId: number;
  /** The blocks, problems and save of the editor around the frame. */
  state: EditorState;
  /** The editor's data when the frame opens (Puck keeps its own from then on). */
  start: Data;
  onChange: (data: Data) => void;
  title: string;
  /** The page's address, shown beside the title (a lesson has none of its own). */
  path?: string;
  testId?: string;
}

/**
 * Two controls Puck draws without a name for assistive technology: its zoom select (no label) and
 * its canvas loader (aria-label on a plain span). They are named here as Puck adds them.
 */
function useNamedPuckControls(root: RefObject<HTMLElement | null>, zoom: string) {
  useEffect(() => {
    const node = root.current;
    if (!node) return undefined;
    const name = () => {
      for (const select of node.querySelectorAll<HTMLSelectElement>('select[class*="zoomSelect"]:not([aria-label])')) select.setAttribute('aria-label', zoom);
      for (const loader of node.querySelectorAll<HTMLElement>('[class*="_Loader_"][aria-label]:not([role])')) loader.setAttribute('role', 'img');
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(node, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root, zoom]);
}

export function PuckFrame({ eventId, state, start, onChange, title, path, testId }: PuckFrameProps) {
  const { t, i18n } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  useNamedPuckControls(frame, t('page_editor.zoom'));
  const context = useMemo(
    () => ({
      eventId,
      blocks: state.blocks.map((block) => {
        const name = blockNameOf(block.id);
        return { blockId: block.blockId, label: `${name ? t(blockLabelKey(name)) : block.id} · #${block.blockId}` };
      }),
    }),
    [eventId, state.blocks, t],
  );
  const language = i18n.language;
  // Rebuilt only when the language changes: Puck regenerates its store when its configuration does.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows the language
  const config = useMemo(() => pageEditorConfig(t), [language]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows the language
  const dictionary = useMemo(() => puckDictionary(t), [language]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows the language
  const viewports: Viewports = useMemo(() => [{ width: 375, height: 'auto', label: t('page_editor.phone'), icon: 'Smartphone' }, { width: 1440, height: 'auto', label: t('page_editor.desktop'), icon: 'Monitor' }], [language]);
  return (
    <div ref={frame} className="overflow-hidden rounded-2xl border border-line" data-testid={testId}>
      <EditorStateContext.Provider value={state}>
        <PageEditorContext.Provider value={context}>
          <Puck
            config={config}
            data={start}
            onChange={onChange}
            overrides={editorOverrides}
            permissions={{ duplicate: false }}
            viewports={viewports}
            dictionary={dictionary}
            headerTitle={title}
            headerPath={path}
            height="max(40rem, calc(100dvh - 12rem))"
          />
        </PageEditorContext.Provider>
      </EditorStateContext.Provider>
    </div>
  );
}
