import type { ReactNode } from 'react';
import { buttonClass } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { isExternalLink } from './page-rules.ts';

/**
 * A link of a block: an http(s) address opens in a new tab without handing over window.opener; a
 * path of this site and a block link (#blockId, followed by PageRenderer) stay in the tab.
 */
export function PageLink({ href, className, children }: { href: string; className?: string | undefined; children: ReactNode }) {
  return isExternalLink(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={className}>
      {children}
    </a>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

/** A block's button (Content, Cover). */
export function BlockButton({ button, className }: { button: { buttonUrl: string; buttonText: string } | undefined; className?: string }) {
  if (!button) return null;
  return (
    <PageLink href={button.buttonUrl} className={cn(buttonClass('primary'), className)}>
      {button.buttonText}
    </PageLink>
  );
}
