import type { ReactNode } from 'react';
import { cn } from './cn.ts';

type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'live';
const tones: Record<Tone, string> = {
  neutral: 'bg-surface-muted text-fg-muted',
  brand: 'bg-brand/15 text-brand-ink',
  success: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  warning: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  live: 'bg-emerald-700 text-white shadow-sm',
};

export function Badge({ tone = 'neutral', children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone], className)}>{children}</span>;
}
