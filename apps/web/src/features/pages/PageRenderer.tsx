// The light page renderer (issue 14): a page's shown blocks, each a <section id={blockId}>, in a
// centred column 576 px wide with a 24 px gap. No editor code lives here.
import { BlockType, PAGE_CONTENT_WIDTH, PAGE_GRID_GAP, type PageBlock, type PageContent } from '@lobby/contract';
import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cn } from '../../ui/cn.ts';
import { CardsBlock, ReviewsBlock, SpeakersBlock, StatisticsBlock } from './blocks-lists.tsx';
import { BannersBlock, IframeBlock, ImagesBlock, VideoBlock } from './blocks-media.tsx';
import { FormBlock } from './FormBlock.tsx';
import { AccordionBlock, ContentBlock, CoverBlock, MarkdownBlock, TabsBlock, TextColumnsBlock, TitleBlock } from './blocks-text.tsx';
import { cssColour, followBlockLink, PADDING_CLASS } from './page-rules.ts';

function BlockBody({ block }: { block: PageBlock }) {
  switch (block.id) {
    case BlockType.Images:
      return <ImagesBlock data={block.editorData} />;
    case BlockType.Markdown:
      return <MarkdownBlock data={block.editorData} />;
    case BlockType.Video:
      return <VideoBlock data={block.editorData} />;
    case BlockType.Content:
      return <ContentBlock data={block.editorData} />;
    case BlockType.Cards:
      return <CardsBlock data={block.editorData} />;
    case BlockType.Banners:
      return <BannersBlock data={block.editorData} />;
    case BlockType.Form:
      return <FormBlock data={block.editorData} blockId={block.blockId} />;
    case BlockType.Speakers:
      return <SpeakersBlock data={block.editorData} />;
    case BlockType.Reviews:
      return <ReviewsBlock data={block.editorData} />;
    case BlockType.Iframe:
      return <IframeBlock data={block.editorData} />;
    case BlockType.Cover:
      return <CoverBlock data={block.editorData} />;
    case BlockType.Accordion:
      return <AccordionBlock data={block.editorData} />;
    case BlockType.Statistics:
      return <StatisticsBlock data={block.editorData} />;
    case BlockType.Tabs:
      return <TabsBlock data={block.editorData} />;
    case BlockType.TextColumns:
      return <TextColumnsBlock data={block.editorData} />;
    case BlockType.Title:
      return <TitleBlock data={block.editorData} />;
    default:
      // A type this build does not know (newer content) is left out, never a crash of the page.
      return null;
  }
}

/** The blocks a reader sees: hidden ones are left out. */
export const shownBlocks = (content: PageContent): PageBlock[] => content.blocks.filter((block) => !block.hidden);

function scrollToBlock(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${encodeURIComponent(id)}`);
}

/**
 * A page's content. A click on an in-page link (#blockId; buttons, cards, banners and Markdown text
 * alike) scrolls to that block, or shows 'No block with such hash on the page' when the page has none.
 */
export function PageRenderer({ content, className }: { content: PageContent; className?: string }) {
  const { t } = useTranslation();
  const blocks = shownBlocks(content);
  const ids = useMemo(() => new Set(content.blocks.filter((block) => !block.hidden).map((block) => block.blockId)), [content]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link || !event.currentTarget.contains(link)) return;
    if (followBlockLink(link.getAttribute('href'), ids, { scrollTo: scrollToBlock, notify: (message) => toast.error(message), t })) event.preventDefault();
  };
  return (
    // One listener follows every link inside the blocks (Enter on a link arrives as a click too).
    <div onClick={onClick} className={cn('mx-auto flex w-full flex-col px-4 sm:px-0', className)} style={{ maxWidth: PAGE_CONTENT_WIDTH, gap: PAGE_GRID_GAP }}>
      {blocks.map((block) => (
        <section key={block.uuid} id={block.blockId} className={cn('scroll-mt-20 rounded-2xl', block.editorData.padding && PADDING_CLASS[block.editorData.padding], block.editorData.background && 'px-4')} style={{ background: cssColour(block.editorData.background) }}>
          <BlockBody block={block} />
        </section>
      ))}
    </div>
  );
}
