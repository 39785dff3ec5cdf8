import type { ReactNode } from 'react';
import { cn } from '../../ui/cn.ts';

/**
 * The 16 lecture categories' icons (product.md section 3: each category has its icon), 24px line
 * drawings in currentColor, in the order of the dictionary lecture/category.
 */
const PATHS: readonly ReactNode[] = [
  // 1 Game design: a gamepad
  <>
    <path d="M6 8h12a4 4 0 0 1 4 4v1a3.5 3.5 0 0 1-6.3 2.1L14.5 14h-5l-1.2 1.1A3.5 3.5 0 0 1 2 13v-1a4 4 0 0 1 4-4z" />
    <path d="M7 11v3M5.5 12.5h3" />
    <path d="M16 11.5h.01M18 13h.01" />
  </>,
  // 2 Art: a palette
  <>
    <path d="M12 3a9 9 0 1 0 0 18c1.2 0 1.8-.8 1.8-1.7 0-1.3-1-1.6-1-2.8 0-1 .8-1.7 1.8-1.7H17a4 4 0 0 0 4-4C21 6.5 17 3 12 3z" />
    <path d="M7.5 11h.01M10 7.5h.01M14.5 7.5h.01" />
  </>,
  // 3 Programming: angle brackets
  <>
    <path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />
  </>,
  // 4 Production: a clapperboard
  <>
    <path d="M3 10h18v10H3z" />
    <path d="m3 10 1.5-5 16 3-.5 2" />
    <path d="m8.5 5.8 1.5 3.4M14 6.8l1.5 3" />
  </>,
  // 5 Marketing: a megaphone
  <>
    <path d="M3 10v4h3l8 5V5L6 10z" />
    <path d="M17 9a4 4 0 0 1 0 6M7 14l1.5 6h2.5l-1-5" />
  </>,
  // 6 Monetisation: a coin
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M14.8 9.2c-.5-.8-1.5-1.2-2.8-1.2-1.6 0-2.8.8-2.8 2s1.2 1.6 2.8 2 2.8.8 2.8 2-1.2 2-2.8 2c-1.3 0-2.3-.4-2.8-1.2M12 6.5V8M12 16v1.5" />
  </>,
  // 7 Analytics: bars
  <>
    <path d="M4 20h16" />
    <path d="M6 20v-6M10 20V9M14 20v-8M18 20V5" />
  </>,
  // 8 Publishing: a rocket
  <>
    <path d="M14 4c3-1 5-1 6 0 1 1 1 3 0 6l-6 6-6-6z" />
    <path d="M8 10 5 10l-2 3 4 1M14 16v3l-3 2-1-4" />
    <circle cx="15.5" cy="8.5" r="1.5" />
  </>,
  // 9 Investment: a rising line
  <>
    <path d="m3 17 6-6 4 4 8-8" />
    <path d="M15 7h6v6" />
  </>,
  // 10 Sound: a note
  <>
    <path d="M9 18V5l11-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="17" cy="16" r="3" />
  </>,
  // 11 Narrative: an open book
  <>
    <path d="M12 6c-2-1.5-5-2-9-2v14c4 0 7 .5 9 2 2-1.5 5-2 9-2V4c-4 0-7 .5-9 2z" />
    <path d="M12 6v14" />
  </>,
  // 12 QA: a bug
  <>
    <rect x="7" y="8" width="10" height="12" rx="5" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2M12 12v8M3 13h4M17 13h4M4 8l3 2M20 8l-3 2M4 19l3-2M20 19l-3-2" />
  </>,
  // 13 Community: two speech bubbles
  <>
    <path d="M3 5h12v8H8l-3 3v-3H3z" />
    <path d="M15 9h6v8h-2v3l-3-3h-5v-4" />
  </>,
  // 14 Legal: scales
  <>
    <path d="M12 3v18M7 21h10M5 6h14" />
    <path d="m5 6-3 7a3 3 0 0 0 6 0zM19 6l-3 7a3 3 0 0 0 6 0z" />
  </>,
  // 15 Career: a briefcase
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
  </>,
  // 16 Esports: a trophy
  <>
    <path d="M8 4h8v6a4 4 0 0 1-8 0z" />
    <path d="M8 6H4v1a4 4 0 0 0 4 4M16 6h4v1a4 4 0 0 1-4 4M12 14v4M8 21h8M9 18h6" />
  </>,
];

/** Categories with an icon of their own: 1 to 16. */
export const CATEGORY_ICON_COUNT = PATHS.length;

/**
 * A category's icon with its label as the accessible name and tooltip; an unknown number shows the
 * number. Without a label it is decorative (a filter chip names the category in text beside it).
 */
export function CategoryIcon({ category, label, className }: { category: number; label: string; className?: string }) {
  const path = Number.isInteger(category) ? PATHS[category - 1] : undefined;
  const named = label ? { role: 'img', 'aria-label': label, title: label } : { 'aria-hidden': true as const };
  return (
    <span {...named} data-testid={`category-${category}`} className={cn('inline-flex size-7 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand-ink', className)}>
      {path ? (
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="size-4">
          {path}
        </svg>
      ) : (
        <span aria-hidden="true" className="text-xs font-bold">
          {category}
        </span>
      )}
    </span>
  );
}
