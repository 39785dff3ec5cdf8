// What the editor's fields may need of the page being edited (the widgets' EditorContext).
import { createContext, useContext } from 'react';
import type { EditorContext } from './widgets/types.ts';

export const PageEditorContext = createContext<EditorContext>({ eventId: 0, blocks: [] });
export const usePageEditorContext = (): EditorContext => useContext(PageEditorContext);
