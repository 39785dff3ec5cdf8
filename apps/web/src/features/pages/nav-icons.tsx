import type { ReactNode } from 'react';
import type { Icon } from '../../app/shell/icons.tsx';

const Svg = ({ className = 'size-5', children }: { className?: string | undefined; children: ReactNode }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
    {children}
  </svg>
);

/** The Pages entry and a stub page: a sheet with a folded corner and lines of text. */
export const PagesIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4M9 11h6M9 14.5h6M9 18h4" />
  </Svg>
);

/** A frame page: a browser window with its bar. */
export const FrameIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <rect x="3" y="4.5" width="18" height="15" rx="2" />
    <path d="M3 9h18M6.5 6.8h.01M9 6.8h.01" />
  </Svg>
);

/** The partyspace (evening) page: a crescent moon and a star. */
export const PartyIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M19 14.5A7.5 7.5 0 0 1 9.5 5a7.5 7.5 0 1 0 9.5 9.5z" />
    <path d="M17 3.5v3M15.5 5h3" />
  </Svg>
);
