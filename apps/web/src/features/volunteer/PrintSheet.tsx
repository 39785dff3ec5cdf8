import type { PrintableBadge } from '@lobby/contract';
import { createPortal } from 'react-dom';
import { BadgeFace } from './BadgeFace.tsx';
import { printCss, type BadgeSize } from './badge-sizes.ts';

/**
 * What the printer gets: the badges straight under <body>, one per page of the chosen size, with
 * the rest of the app hidden while printing (the rules exist only while this sheet is mounted).
 */
export function PrintSheet({ badges, size }: { badges: PrintableBadge[]; size: BadgeSize }) {
  return createPortal(
    <div className="lb-print-root" data-testid="print-sheet">
      <style>{printCss(size)}</style>
      {badges.map((badge) => (
        <BadgeFace key={badge.id} badge={badge} size={size} />
      ))}
    </div>,
    document.body,
  );
}
