// Puck's own interface texts in the person's language (its dictionary tokens; {title}, {label},
// {index}, {zoom} are Puck's placeholders and stay as they are).
import type { Dictionary } from '@puckeditor/core';

const TOKENS = [
  'header-undo',
  'header-redo',
  'header-toggle-leftsidebar',
  'header-toggle-rightsidebar',
  'header-toggle-menubar',
  'action-selectparent',
  'action-duplicate',
  'action-delete',
  'label-page',
  'label-component',
  'outline-empty',
  'outline-item-collapse',
  'outline-item-expand',
  'outline-header-title',
  'outline-header-collapseall',
  'outline-item-duplicate',
  'outline-item-delete',
  'drawer-category-collapse',
  'drawer-category-expand',
  'drawer-category-other',
  'field-arrayitem-summary',
  'field-arrayitem-duplicate',
  'field-arrayitem-delete',
  'viewport-zoom-in',
  'viewport-zoom-out',
  'viewport-zoom-auto',
  'viewport-toggle-menu',
  'viewport-switch',
  'viewport-switch-default',
  'plugin-blocks',
  'plugin-outline',
  'plugin-fields',
  'plugin-components',
  'layout-maximize',
  'layout-minimize',
  'loader-loading',
] as const;

export function puckDictionary(t: (key: string) => string): Dictionary {
  const dictionary: Dictionary = {};
  for (const token of TOKENS) dictionary[token] = t(`page_editor.puck.${token.replace(/-/g, '_')}`);
  return dictionary;
}
