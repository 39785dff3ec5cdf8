import type { ChatCustomType } from '@lobby/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';

function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="size-3.5 shrink-0">
      {children}
    </svg>
  );
}

/** How each custom type looks (contract.md section 3): a badge with its icon and colour, and a bar of that colour on the bubble. */
const LOOKS: Record<ChatCustomType, { badge: string; bar: string; icon: ReactNode }> = {
  question: {
    badge: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
    bar: 'border-l-4 border-l-sky-500',
    icon: (
      <Glyph>
        <circle cx="12" cy="12" r="9" />
        <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
      </Glyph>
    ),
  },
  important: {
    badge: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
    bar: 'border-l-4 border-l-red-500',
    icon: (
      <Glyph>
        <path d="M12 3 2.5 20h19z" />
        <path d="M12 10v4M12 17h.01" />
      </Glyph>
    ),
  },
  call: {
    badge: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
    bar: 'border-l-4 border-l-emerald-500',
    icon: (
      <Glyph>
        <rect x="3" y="6" width="12" height="12" rx="2" />
        <path d="m15 10 6-3v10l-6-3" />
      </Glyph>
    ),
  },
  homework: {
    badge: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
    bar: 'border-l-4 border-l-violet-500',
    icon: (
      <Glyph>
        <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z" />
        <path d="M4 19V5M8 7h7" />
      </Glyph>
    ),
  },
  homework_approved: {
    badge: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
    bar: 'border-l-4 border-l-green-600',
    icon: (
      <Glyph>
        <circle cx="12" cy="12" r="9" />
        <path d="m8 12 3 3 5-6" />
      </Glyph>
    ),
  },
  homework_declined: {
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
    bar: 'border-l-4 border-l-amber-500',
    icon: (
      <Glyph>
        <circle cx="12" cy="12" r="9" />
        <path d="m9 9 6 6M15 9l-6 6" />
      </Glyph>
    ),
  },
};

export const customTypeBar = (type: ChatCustomType | null): string => (type ? LOOKS[type].bar : '');

export function CustomTypeBadge({ type }: { type: ChatCustomType }) {
  const { t } = useTranslation();
  const look = LOOKS[type];
  return (
    <span data-testid={`chat-type-${type}`} className={cn('mb-1 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', look.badge)}>
      {look.icon}
      {t(`chat.type_${type}`)}
    </span>
  );
}
