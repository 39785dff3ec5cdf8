import type { ReactNode } from 'react';
import { cn } from './cn.ts';

type Tone = 'error' | 'success' | 'info';
const tones: Record<Tone, string> = {
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  info: 'border-line bg-surface-muted text-fg',
};

export function Alert({ tone = 'info', children, testId }: { tone?: Tone; children: ReactNode; testId?: string }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} data-testid={testId} className={cn('rounded-xl border px-4 py-3 text-sm', tones[tone])}>
      {children}
    </div>
  );
}
