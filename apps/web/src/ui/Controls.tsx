import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn.ts';

const control = (error?: string) => cn('rounded-xl border bg-surface px-4 text-base outline-none transition-colors focus:border-brand', error ? 'border-red-500' : 'border-line');

function Wrapper({ id, label, error, hint, children, className }: { id: string; label: string; error?: string | undefined; hint?: ReactNode; children: ReactNode; className?: string | undefined }) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) => cn(error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined) || undefined;

export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined; hint?: ReactNode }>(function SelectField({ label, error, hint, className, id, children, ...props }, ref) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <Wrapper id={selectId} label={label} error={error} hint={hint} className={className}>
      <select ref={ref} id={selectId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(selectId, error, hint)} className={cn(control(error), 'min-h-11')} {...props}>
        {children}
      </select>
    </Wrapper>
  );
});

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: ReactNode }>(function TextareaField({ label, error, hint, className, id, ...props }, ref) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <Wrapper id={areaId} label={label} error={error} hint={hint} className={className}>
      <textarea ref={ref} id={areaId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(areaId, error, hint)} className={cn(control(error), 'min-h-24 py-3')} {...props} />
    </Wrapper>
  );
});

export const Checkbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }>(function Checkbox({ label, className, id, ...props }, ref) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input ref={ref} id={boxId} type="checkbox" className="size-5 rounded accent-[var(--brand-solid)]" {...props} />
      <label htmlFor={boxId} className="text-sm">
        {label}
      </label>
    </div>
  );
});

/** A fieldset with a visible legend, for groups of checkboxes. */
export function Group({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn('flex flex-col gap-2', className)}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
