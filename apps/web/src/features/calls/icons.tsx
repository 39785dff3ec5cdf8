import type { ReactNode } from 'react';

// The call controls' glyphs (decorative: every control has its own text).

function Glyph({ children, className = 'size-6' }: { children: ReactNode; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
      {children}
    </svg>
  );
}

export const MicIcon = ({ off = false, className }: { off?: boolean; className?: string }) => (
  <Glyph className={className}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    {off ? <path d="m3 3 18 18" /> : null}
  </Glyph>
);

export const CameraIcon = ({ off = false, className }: { off?: boolean; className?: string }) => (
  <Glyph className={className}>
    <rect x="3" y="6" width="12" height="12" rx="2" />
    <path d="m15 10 6-3v10l-6-3" />
    {off ? <path d="m3 3 18 18" /> : null}
  </Glyph>
);

export const ScreenIcon = ({ className }: { className?: string }) => (
  <Glyph className={className}>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4M12 7v6M9 10l3-3 3 3" />
  </Glyph>
);

export const DevicesIcon = ({ className }: { className?: string }) => (
  <Glyph className={className}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </Glyph>
);

export const HangUpIcon = ({ className }: { className?: string }) => (
  <Glyph className={className}>
    <path d="M3 15.5c5-5 13-5 18 0l-2.5 2.5-3.5-2v-3a12 12 0 0 0-6 0v3l-3.5 2z" />
  </Glyph>
);

export const PhoneIcon = ({ className }: { className?: string }) => (
  <Glyph className={className}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </Glyph>
);
