// The page editor's widgets, for the editor to wrap as its custom fields.
export { BlockLinkWidget } from './BlockLinkWidget.tsx';
export { ColourWidget } from './ColourWidget.tsx';
export { EmailTemplateWidget } from './EmailTemplateWidget.tsx';
export { ImageWidget, type ImageWidgetProps } from './ImageWidget.tsx';
export { RecordingsModal } from './RecordingsModal.tsx';
export { SettingsSwitch } from './SettingsSwitch.tsx';
export { VideoWidget } from './VideoWidget.tsx';
export type { EditorContext, WidgetProps } from './types.ts';
export type { PageVideoSource, VideoValue } from './widget-rules.ts';
