import { lazy, memo, Suspense } from 'react';

/** The text without the commonest inline marks and block markers: what shows until the renderer has loaded. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+)/gm, '');
}

function PlainText({ children }: { children: string }) {
  return (
    <>
      {children.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {plainText(paragraph)}
        </p>
      ))}
    </>
  );
}

/**
 * The Markdown renderer (about 45 kB compressed) loads beside the page instead of before it, so a
 * page with a description paints without waiting for it; until then, and if it cannot be loaded,
 * the text shows as plain paragraphs.
 */
const Renderer = lazy(() => import('./MarkdownRenderer.tsx').catch(() => ({ default: PlainText })));

/**
 * Markdown with line breaks and ~~strikethrough~~; raw HTML is never rendered (MarkdownRenderer.tsx).
 * Memoised: parsing is the costly part (tens of milliseconds for an event's description on a
 * phone), and the page around a text renders again for reasons of its own.
 */
export const Markdown = memo(function Markdown({ children }: { children: string }) {
  return (
    <div className="space-y-3 leading-relaxed [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      <Suspense fallback={<PlainText>{children}</PlainText>}>
        <Renderer>{children}</Renderer>
      </Suspense>
    </div>
  );
});
