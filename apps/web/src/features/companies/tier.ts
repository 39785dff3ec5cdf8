import { SPONSOR_RANK, sponsorRank } from '@lobby/contract';

export type TierStyle = { card: string; badge: string; level: 'top' | 'high' | 'mid' | 'base' | 'none' };

/**
 * How strongly a sponsor tier shows: the higher its rank (contract SPONSOR_RANK), the stronger the
 * card. Colour is never the only cue: the tier badge names the tier.
 */
export function tierStyle(type: number | null): TierStyle {
  if (type === null) return { card: 'border-line', badge: '', level: 'none' };
  const rank = sponsorRank(type);
  if (rank <= 1) return { card: 'border-2 border-amber-500 bg-amber-500/5 shadow-md sm:col-span-2', badge: 'bg-amber-500 text-black', level: 'top' };
  if (rank <= 5) return { card: 'border-2 border-brand shadow-sm', badge: 'bg-brand-solid text-brand-solid-contrast', level: 'high' };
  if (rank < SPONSOR_RANK.length - 1) return { card: 'border-brand/60', badge: 'bg-brand/15 text-brand-ink', level: 'mid' };
  return { card: 'border-line', badge: 'bg-surface-muted text-fg-muted', level: 'base' };
}
