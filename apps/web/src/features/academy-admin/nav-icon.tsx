import type { Icon } from '../../app/shell/icons.tsx';

/** The academy admin's entry: a mortarboard over a checklist. */
export const AcademyAdminIcon: Icon = ({ className = 'size-5' }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
    <path d="m2 8 10-4.5L22 8l-10 4.5z" />
    <path d="M6 10v4.5c0 1.4 2.7 2.5 6 2.5s6-1.1 6-2.5V10" />
    <path d="M22 8v5" />
    <path d="m8.5 20.5 1.5 1.5 3-3" />
  </svg>
);
