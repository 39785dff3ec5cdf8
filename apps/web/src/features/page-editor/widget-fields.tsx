// The fields backed by the page editor's widgets (colour, picture, block link, video, e-mail
// template, settings switch): each widget gets the page's event and blocks.
import { CROP_RATIOS } from '@lobby/contract';
import type { Field } from '@puckeditor/core';
import { widgetField } from './fields.tsx';
import { BlockLinkWidget, ColourWidget, EmailTemplateWidget, ImageWidget, SettingsSwitch, VideoWidget, type WidgetProps } from './widgets/index.ts';

/** A block's picture: uploaded (with the cropper's 16:9, 4:3, 1:1, 2:3 and free ratios) or an https address. */
function BlockImageWidget(props: WidgetProps<string>) {
  return <ImageWidget {...props} ratios={CROP_RATIOS} category="pages" />;
}

export const colourField = (label: string): Field => widgetField(ColourWidget, label);
export const imageField = (label: string): Field => widgetField(BlockImageWidget, label);
export const linkField = (label: string): Field => widgetField(BlockLinkWidget, label);
export const videoField = (label: string): Field => widgetField(VideoWidget, label);
export const emailTemplateField = (label: string): Field => widgetField(EmailTemplateWidget, label);
/** On stores the text 'true', off clears it ('Show settings', 'Hide settings'). */
export const settingsField = (label: string): Field => widgetField(SettingsSwitch, label);
