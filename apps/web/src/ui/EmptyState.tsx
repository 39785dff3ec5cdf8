import type { ReactNode } from 'react';

export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center">
      <p className="text-base font-semibold">{title}</p>
      <p className="max-w-md text-sm text-fg-muted">{text}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
