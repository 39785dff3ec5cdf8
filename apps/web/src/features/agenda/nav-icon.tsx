import type { Icon } from '../../app/shell/icons.tsx';

/** The agenda entry: a clipboard with a checked list. */
export const AgendaIcon: Icon = ({ className = 'size-5' }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
    <rect x="5" y="4.5" width="14" height="16.5" rx="2" />
    <path d="M9 3h6v3H9z" />
    <path d="m8.5 11 1.5 1.5 2.5-2.5M14.5 11.5h1.5M8.5 16.5l1.5 1.5 2.5-2.5M14.5 17h1.5" />
  </svg>
);
