import type { ReactNode } from 'react';
import { cn } from '../../../ui/cn.ts';

/** The ids a widget's control points at: its error text and its hint. */
export const errorIdOf = (id: string) => `${id}-error`;
export const hintIdOf = (id: string) => `${id}-hint`;

/** aria-describedby of a widget's control: its error (when shown), then its hint (when any). */
export const describedBy = (id: string, error: string | null | undefined, hint?: ReactNode): string | undefined => cn(error ? errorIdOf(id) : undefined, hint ? hintIdOf(id) : undefined) || undefined;

/** Classes of a widget's text input or select; red when invalid. */
export const controlClass = (invalid: boolean, className?: string) =>
  cn('min-h-11 min-w-0 rounded-xl border bg-surface px-3 text-base outline-none transition-colors focus:border-brand disabled:cursor-not-allowed disabled:opacity-60', invalid ? 'border-red-500' : 'border-line', className);

/** A widget's frame: the label bound to its main control (`id`), the control(s), the hint and the error text under them. */
export function WidgetField({ id, label, error, hint, children, testId, className }: { id: string; label: ReactNode; error?: string | null | undefined; hint?: ReactNode; children: ReactNode; testId?: string; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-testid={testId}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintIdOf(id)} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorIdOf(id)} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
