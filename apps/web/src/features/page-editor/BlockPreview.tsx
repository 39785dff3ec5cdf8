// A block on the editor's canvas: drawn by the reading page's renderer once the contract accepts it
// (so the preview is the page), else a card saying what is missing. Hidden blocks are dimmed and
// badged here; the reading page leaves them out.
import { PAGE_CONTENT_VERSION, ZPageBlock, type PageBlock } from '@lobby/contract';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../ui/Badge.tsx';
import { cn } from '../../ui/cn.ts';
import { PageRenderer } from '../pages/PageRenderer.tsx';
import { blockLabelKey, blockOfItem, type BlockName } from './convert.ts';

/** A block the renderer cannot draw (it should not happen with checked data) does not take the editor down. */
class BlockBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Incomplete({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-[576px] flex-col gap-1 rounded-2xl border-2 border-dashed border-line bg-surface px-4 py-6 text-center">
      <p className="font-semibold">{label}</p>
      <p className="text-sm text-fg-muted">{t('page_editor.incomplete')}</p>
    </div>
  );
}

export function BlockPreview({ name, props }: { name: BlockName; props: Record<string, unknown> }) {
  const { t } = useTranslation();
  const block = blockOfItem({ type: name, props });
  if (!block) return null;
  const label = t(blockLabelKey(name));
  const parsed = ZPageBlock.safeParse(block);
  const shown: PageBlock | null = parsed.success ? { ...parsed.data, hidden: false } : null;
  return (
    <div className="pb-6" data-testid="editor-block" data-block-type={name} data-block-id={block.blockId} data-hidden={block.hidden ? 'true' : undefined}>
      {block.hidden ? (
        <div className="mx-auto mb-2 w-full max-w-[576px] px-4 sm:px-0">
          <Badge tone="warning">{t('page_editor.hidden')}</Badge>
        </div>
      ) : null}
      <div className={cn(block.hidden && 'opacity-50')}>
        {shown ? (
          <BlockBoundary fallback={<Incomplete label={label} />}>
            <PageRenderer content={{ version: PAGE_CONTENT_VERSION, blocks: [shown] }} />
          </BlockBoundary>
        ) : (
          <Incomplete label={label} />
        )}
      </div>
    </div>
  );
}
