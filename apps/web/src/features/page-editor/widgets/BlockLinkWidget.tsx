import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from './types.ts';
import { acceptLink, isMissingBlockLink, linkedBlock } from './widget-rules.ts';
import { controlClass, describedBy, errorIdOf, hintIdOf, WidgetField } from './WidgetField.tsx';

const ADDRESS = '__address';

/**
 * A link of a block: pick a block of this page by its label (stored as '#blockId'), or type a path
 * of this site or an http(s) address. A link the page-link rule refuses shows an error and is not
 * sent; a link to a block that is not on the page is kept, with a warning (the reading page says
 * 'No block with such hash on the page').
 */
export function BlockLinkWidget({ id, label, value, onChange, context }: WidgetProps<string>) {
  const { t } = useTranslation();
  const block = linkedBlock(value, context.blocks);
  const [draft, setDraft] = useState(block ? '' : (value ?? ''));
  const [addressChosen, setAddressChosen] = useState(false);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    const current = acceptLink(draft);
    if (!current.ok || current.value !== value) setDraft(block ? '' : (value ?? ''));
    if (block) setAddressChosen(false);
  }
  const mode = block ? 'block' : value !== undefined || addressChosen ? 'address' : 'none';
  const accepted = acceptLink(draft);
  const error = mode === 'address' && !accepted.ok ? t('page_editor_widgets.link_invalid') : null;
  const warning = mode === 'address' && accepted.ok && isMissingBlockLink(accepted.value, context.blocks) ? t('page_editor_widgets.link_missing_block') : null;
  const addressId = `${id}-address`;

  const choose = (choice: string) => {
    if (choice === ADDRESS) {
      setAddressChosen(true);
      if (block) {
        setDraft('');
        onChange(undefined);
      }
      return;
    }
    setAddressChosen(false);
    setDraft('');
    onChange(choice === '' ? undefined : choice);
  };

  const type = (text: string) => {
    setDraft(text);
    const next = acceptLink(text);
    if (next.ok && next.value !== value) onChange(next.value);
  };

  return (
    <WidgetField id={id} label={label} testId={`block-link-widget-${id}`}>
      <select id={id} value={block ? `#${block.blockId}` : mode === 'address' ? ADDRESS : ''} onChange={(event) => choose(event.target.value)} className={controlClass(false, 'w-full')} data-testid="block-link-select">
        <option value="">{t('page_editor_widgets.link_none')}</option>
        {context.blocks.length > 0 ? (
          <optgroup label={t('page_editor_widgets.link_blocks')}>
            {context.blocks.map((item) => (
              <option key={item.blockId} value={`#${item.blockId}`}>
                {item.label || `#${item.blockId}`}
              </option>
            ))}
          </optgroup>
        ) : null}
        <option value={ADDRESS}>{t('page_editor_widgets.link_other')}</option>
      </select>
      {mode === 'address' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={addressId} className="text-xs font-semibold text-fg-muted">
            {t('page_editor_widgets.link_address')}
          </label>
          <input
            id={addressId}
            type="text"
            inputMode="url"
            value={draft}
            onChange={(event) => type(event.target.value)}
            placeholder="https://"
            spellCheck={false}
            autoComplete="off"
            maxLength={2000}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(addressId, error, warning)}
            className={controlClass(error !== null, 'w-full')}
            data-testid="block-link-address"
          />
          {warning ? (
            <p id={hintIdOf(addressId)} className="text-sm text-amber-800 dark:text-amber-300">
              {warning}
            </p>
          ) : null}
          {error ? (
            <p id={errorIdOf(addressId)} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </WidgetField>
  );
}
