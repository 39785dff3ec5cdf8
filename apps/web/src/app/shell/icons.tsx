import type { ReactNode } from 'react';

/** Inline SVG icons (24px grid, stroke in currentColor): no icon font, no icon library in the bundle. */
export type Icon = (props: { className?: string }) => ReactNode;

function Svg({ className = 'size-5', children }: { className?: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
      {children}
    </svg>
  );
}

export const HomeIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h5v-6h4v6h5V9.5" />
  </Svg>
);

export const PeopleIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.6-3.5 3.2-5.5 6.5-5.5s5.9 2 6.5 5.5" />
    <path d="M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14.8c2 .7 3.2 2.5 3.5 5.2" />
  </Svg>
);

export const CompaniesIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M3 21h18" />
    <path d="M5 21V7l7-4v18" />
    <path d="M12 21V10l7 3v8" />
    <path d="M8 9v.01M8 12v.01M8 15v.01M15.5 15v.01M15.5 18v.01" />
  </Svg>
);

export const BackOfficeIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
  </Svg>
);

export const MoreIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <circle cx="5" cy="12" r="1.2" />
    <circle cx="12" cy="12" r="1.2" />
    <circle cx="19" cy="12" r="1.2" />
  </Svg>
);

export const LockIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Svg>
);

export const ChevronDownIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);

export const StarIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </Svg>
);

export const ContactsIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <rect x="4" y="3" width="16" height="18" rx="2" />
    <circle cx="12" cy="10" r="3" />
    <path d="M7.5 17.5c.8-2 2.4-3 4.5-3s3.7 1 4.5 3" />
  </Svg>
);

export const BellIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Svg>
);

export const CalendarIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Svg>
);

export const MeetingsIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M4 5h11a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3v-3H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z" />
    <path d="M17 9h3a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-1v2.5L16 19h-4" />
  </Svg>
);

export const ChatIcon: Icon = ({ className }) => (
  <Svg className={className}>
    <path d="M20 12.5a7.5 7.5 0 0 1-11.2 6.5L4 20.5l1.4-4.3A7.5 7.5 0 1 1 20 12.5z" />
    <path d="M9 11h6M9 14h4" />
  </Svg>
);
