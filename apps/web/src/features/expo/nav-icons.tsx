import type { ReactNode } from 'react';
import type { Icon } from '../../app/shell/icons.tsx';

const Svg = ({ className = 'size-5', children }: { className?: string | undefined; children: ReactNode }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
    {children}
  </svg>
);

/** The publishers pavilion: a briefcase. */
export const PublishersIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <rect x="3" y="7.5" width="18" height="12" rx="2" />
    <path d="M9 7.5V6a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v1.5M3 13h18M11 13v2h2v-2" />
  </Svg>
);

/** The Media page: a newspaper. */
export const MediaIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M4 5h13v13a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2z" />
    <path d="M17 9h3v9a2 2 0 0 1-4 0M7.5 9h6M7.5 12.5h6M7.5 16h4" />
  </Svg>
);

/** The expo hall: a stand with an awning. */
export const ExpoIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M3 9l1.5-5h15L21 9M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0" />
    <path d="M5 11.5V20h14v-8.5M10 20v-5h4v5" />
  </Svg>
);
