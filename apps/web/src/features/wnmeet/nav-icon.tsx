import type { Icon } from '../../app/shell/icons.tsx';

// WN Meet's navigation icon: small, so the shell's registry can hold it without pulling the page
// into the first load.

export const WnMeetIcon: Icon = ({ className = 'size-5' }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
    <rect x="2.5" y="6" width="13" height="12" rx="2.5" />
    <path d="M15.5 10.5 21 7.5v9l-5.5-3" />
    <circle cx="9" cy="10.5" r="2" />
    <path d="M5.5 16a3.5 3.5 0 0 1 7 0" />
  </svg>
);
