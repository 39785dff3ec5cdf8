// The page editor's widgets (contract.md sections 2 "Editor widgets", 4, 5, 9): each is a labelled
// control the editor wraps as a custom field. They share these props.

/** What a widget may need of the page it edits: the event (uploads, templates, recordings) and the page's blocks (block links). */
export interface EditorContext {
  eventId: number;
  blocks: { blockId: string; label: string }[];
}

/**
 * A widget's props: `id` is its main control's id (the label is bound to it), `value` the stored value
 * (undefined when unset), `onChange` receives only values the widget accepts (undefined clears).
 */
export interface WidgetProps<T> {
  id: string;
  label: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  context: EditorContext;
}
