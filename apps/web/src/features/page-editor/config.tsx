// The editor's Puck configuration: one component per block type, its fields after the contract's
// schema (page-blocks.ts), its first props, and its canvas rendering by the reading page's renderer.
import { ALIGNMENTS, BLOCK_ITEMS_MAX, FORM_FIELD_KINDS, IFRAME_DEFAULT_HEIGHT, IMAGE_WIDTHS, PADDINGS, SIDE_ALIGNMENTS, STATISTICS_IMAGE_SIZES, TITLE_SIZES } from '@lobby/contract';
import type { ComponentConfig, Config, Field, Fields } from '@puckeditor/core';
import type { ReactNode } from 'react';
import { BLOCK_NAMES, blockLabelKey, type BlockName } from './convert.ts';
import { BlockPreview } from './BlockPreview.tsx';
import { FIRST_PROPS } from './config-defaults.ts';
import { blockIdField, checkboxField, optionalNumberField } from './fields.tsx';
import { colourField, emailTemplateField, imageField, linkField, settingsField, videoField } from './widget-fields.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Props = Record<string, unknown>;

/** The editor-only option of the settings switch (stripped on save like every tmp_ option). */
export const SETTINGS_OPTION = 'tmp_settings';

function fieldKit(t: Translate) {
  const label = (key: string) => t(`page_editor.fields.${key}`);
  const text = (key: string): Field => ({ type: 'text', label: label(key) });
  const area = (key: string): Field => ({ type: 'textarea', label: label(key) });
  const number = (key: string, min: number, max: number): Field => ({ type: 'number', label: label(key), min, max });
  const select = (key: string, values: readonly string[], optionKey: string, optional = true): Field => ({
    type: 'select',
    label: label(key),
    options: [...(optional ? [{ label: t('page_editor.options.default'), value: undefined }] : []), ...values.map((value) => ({ label: t(`page_editor.options.${optionKey}_${value.replace(/[^a-z0-9]/gi, '_')}`), value }))],
  });
  const list = (key: string, arrayFields: Record<string, Field>, item: (index: number) => Props, summaryKey: string): Field => ({
    type: 'array',
    label: label(key),
    arrayFields,
    defaultItemProps: item,
    max: BLOCK_ITEMS_MAX,
    getItemSummary: (value: Props, index?: number) => {
      const summary = value[summaryKey];
      return typeof summary === 'string' && summary.trim() !== '' ? summary : t('page_editor.item', { number: (index ?? 0) + 1 });
    },
  });
  const columns = (max: number): Field => ({ type: 'object', label: label('columns'), objectFields: { desktop: number('desktop', 1, max), mobile: number('mobile', 1, 6) } });
  const button = (): Field => ({ type: 'object', label: label('button'), objectFields: { buttonText: text('buttonText'), buttonUrl: linkField(label('buttonUrl')) } });
  return { label, text, area, number, select, list, columns, button };
}

/** Each block type's own fields, in the order the panel shows them. */
function ownFields(t: Translate): Record<BlockName, Record<string, Field>> {
  const { label, text, area, number, select, list, columns, button } = fieldKit(t);
  const tab = { label: text('label'), text: area('text') };
  return {
    Images: {
      columns: columns(6),
      images: list('images', { url: imageField(label('url')), alt: text('alt'), width: select('width', IMAGE_WIDTHS, 'width'), link: linkField(label('link')) }, () => ({ url: '' }), 'alt'),
    },
    Markdown: { text: area('text'), alignment: select('alignment', ALIGNMENTS, 'align') },
    Video: { video: videoField(label('video')), title: text('title') },
    Content: {
      title: text('title'),
      text: area('text'),
      image: imageField(label('image')),
      imageWidth: select('imageWidth', IMAGE_WIDTHS, 'width'),
      alignment: select('alignment', ALIGNMENTS, 'align'),
      button: button(),
    },
    Cards: {
      columns: columns(6),
      cards: list('cards', { title: text('title'), text: area('text'), image: imageField(label('image')), link: linkField(label('link')) }, () => ({ title: '' }), 'title'),
    },
    Banners: {
      banners: list(
        'banners',
        { image: imageField(label('image')), title: text('title'), text: area('text'), link: linkField(label('link')), alignment: select('alignment', SIDE_ALIGNMENTS, 'side') },
        () => ({ image: '' }),
        'title',
      ),
    },
    Form: {
      title: text('title'),
      fields: list(
        'fields',
        {
          id: text('id'),
          label: text('label'),
          kind: select('kind', FORM_FIELD_KINDS, 'kind', false),
          required: checkboxField(label('required')),
          options: list('options', { value: text('value') }, () => ({ value: '' }), 'value'),
        },
        (index) => ({ id: `field${index + 1}`, label: '', kind: 'text' }),
        'label',
      ),
      submitText: text('submitText'),
      emailTemplateId: emailTemplateField(label('emailTemplateId')),
    },
    Speakers: {
      visibleNumber: number('visibleNumber', 1, BLOCK_ITEMS_MAX),
      speakers: list('speakers', { title: text('name'), subtitle: text('subtitle'), image: imageField(label('image')) }, () => ({ title: '', subtitle: '', image: '' }), 'title'),
    },
    Reviews: {
      reviews: list('reviews', { name: text('name'), company: text('company'), text: area('text'), image: imageField(label('image')) }, () => ({ name: '', company: '', text: '' }), 'name'),
    },
    Iframe: { url: text('url'), height: optionalNumberField(label('height'), t('page_editor.height_hint', { height: IFRAME_DEFAULT_HEIGHT })), title: text('title') },
    Cover: { title: text('title'), subtitle: area('subtitle'), image: imageField(label('image')), alignment: select('alignment', SIDE_ALIGNMENTS, 'side'), button: button() },
    Accordion: { tabs: list('tabs', tab, () => ({ label: '', text: '' }), 'label') },
    Statistics: {
      image: imageField(label('image')),
      imageSize: select('imageSize', STATISTICS_IMAGE_SIZES, 'width'),
      cards: list('stat_cards', { title: text('stat_title'), subtitle: text('subtitle') }, () => ({ title: '', subtitle: '' }), 'title'),
    },
    Tabs: { tabs: list('tabs', tab, () => ({ label: '', text: '' }), 'label') },
    TextColumns: { columns: columns(4), texts: list('texts', { text: area('text') }, () => ({ text: '' }), 'text') },
    Title: { text: text('text'), size: select('size', TITLE_SIZES, 'size', false), alignment: select('alignment', ALIGNMENTS, 'align'), colour: colourField(label('colour')) },
  };
}

/** The editor's configuration in the person's language. */
export function pageEditorConfig(t: Translate): Config {
  const kit = fieldKit(t);
  const own = ownFields(t);
  const components = {} as Record<BlockName, ComponentConfig<Props>>;
  for (const name of BLOCK_NAMES) {
    const fields: Fields<Props> = {
      blockId: blockIdField(kit.label('blockId')),
      hidden: checkboxField(kit.label('hidden')),
      ...own[name],
      [SETTINGS_OPTION]: settingsField(t('page_editor.settings')),
      padding: kit.select('padding', PADDINGS, 'padding'),
      background: colourField(kit.label('background')),
    };
    components[name] = {
      label: t(blockLabelKey(name)),
      fields,
      defaultProps: { blockId: '', hidden: false, ...structuredClone(FIRST_PROPS[name]) },
      // The layout options (padding, background) show while the settings switch is on.
      resolveFields: (data, { fields: all }) => {
        const on = data.props[SETTINGS_OPTION] === 'true';
        return { ...all, padding: { ...all.padding, visible: on }, background: { ...all.background, visible: on } } as Fields<Props>;
      },
      render: ({ puck: _puck, editMode: _editMode, ...props }) => <BlockPreview name={name} props={props} />,
    };
  }
  return {
    components,
    root: { fields: {}, render: ({ children }: { children: ReactNode }) => <div className="min-h-full bg-bg py-6 text-fg">{children}</div> },
  };
}
