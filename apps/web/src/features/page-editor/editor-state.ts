// What the editor's parts inside Puck (its header, the fields panel) read of the page editor.
import { createContext, useContext } from 'react';
import type { DraftBlock } from './convert.ts';
import type { PageProblem } from './problems.ts';

export interface EditorState {
  blocks: DraftBlock[];
  /** The browser's check and the server's last answer, in block order. */
  problems: PageProblem[];
  dirty: boolean;
  saving: boolean;
  save: () => void;
  /** The editor reports whether the canvas edits blocks (true) or behaves as the reading page. */
  setEditMode: (on: boolean) => void;
  setLoaded: () => void;
}

export const EditorStateContext = createContext<EditorState | null>(null);

export function useEditorState(): EditorState {
  const state = useContext(EditorStateContext);
  if (!state) throw new Error('useEditorState outside the page editor');
  return state;
}
