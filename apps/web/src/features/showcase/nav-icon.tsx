import type { Icon } from '../../app/shell/icons.tsx';

/** The showcase entry: a gamepad. */
export const ShowcaseIcon: Icon = ({ className = 'size-5' }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
    <path d="M7 8h10a5 5 0 0 1 4.8 6.4l-.6 2A2.5 2.5 0 0 1 17 17.5L15.5 16h-7L7 17.5a2.5 2.5 0 0 1-4.2-1.1l-.6-2A5 5 0 0 1 7 8z" />
    <path d="M7.5 11v3M6 12.5h3" />
    <path d="M15.5 11.5h.01M17.5 13.5h.01" />
  </svg>
);
