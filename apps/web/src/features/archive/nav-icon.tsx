import type { Icon } from '../../app/shell/icons.tsx';

/** The lecture archive's entry: a play button on a screen. */
export const ArchiveIcon: Icon = ({ className = 'size-5' }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
    <rect x="3" y="4.5" width="18" height="13" rx="2" />
    <path d="m10 8.5 4.5 2.5-4.5 2.5z" />
    <path d="M8 21h8" />
  </svg>
);
