// The lesson editor's 'lesson content' tab: the page editor's Puck frame (the sixteen blocks, its
// bar, problems and widgets) over the lesson's content. Its own chunk: Puck loads only when the tab opens.
import type { Data } from '@puckeditor/core';
import { useCallback, useMemo } from 'react';
import { fromEditorData, type DraftContent } from '../page-editor/convert.ts';
import type { EditorState } from '../page-editor/editor-state.ts';
import type { PageProblem } from '../page-editor/problems.ts';
import { PuckFrame } from '../page-editor/PuckFrame.tsx';

export interface LessonContentEditorProps {
  eventId: number;
  title: string;
  /** The editor's data when the tab opens (Puck keeps its own from then on). */
  start: Data;
  content: DraftContent;
  problems: PageProblem[];
  dirty: boolean;
  saving: boolean;
  onChange: (content: DraftContent) => void;
  onSave: () => void;
  onEditMode: (on: boolean) => void;
  onLoaded: () => void;
}

export function LessonContentEditor({ eventId, title, start, content, problems, dirty, saving, onChange, onSave, onEditMode, onLoaded }: LessonContentEditorProps) {
  const change = useCallback((data: Data) => onChange(fromEditorData(data)), [onChange]);
  const state: EditorState = useMemo(
    () => ({ blocks: content.blocks, problems, dirty, saving, save: onSave, setEditMode: onEditMode, setLoaded: onLoaded }),
    [content.blocks, problems, dirty, saving, onSave, onEditMode, onLoaded],
  );
  return <PuckFrame eventId={eventId} state={state} start={start} onChange={change} title={title} testId="lesson-content-editor" />;
}
