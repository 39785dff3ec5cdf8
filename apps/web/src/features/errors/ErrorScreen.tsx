import type { ReactNode } from 'react';

/** Illustrations exist for 401, 403, 404 and 500 (product.md section 2). */
export type ErrorIllustration = 401 | 403 | 404 | 500 | 'offline';

function Illustration({ kind }: { kind: ErrorIllustration }) {
  const label = kind === 'offline' ? '' : String(kind);
  return (
    <svg viewBox="0 0 240 160" aria-hidden="true" className="h-36 w-auto sm:h-44">
      <rect x="20" y="24" width="200" height="120" rx="20" className="fill-surface stroke-line" strokeWidth="2" />
      <circle cx="44" cy="44" r="5" className="fill-brand/60" />
      <circle cx="60" cy="44" r="5" className="fill-brand/40" />
      <circle cx="76" cy="44" r="5" className="fill-brand/20" />
      {kind === 'offline' ? (
        <g className="stroke-brand" strokeWidth="8" strokeLinecap="round" fill="none">
          <path d="M84 100a52 52 0 0 1 72 0" />
          <path d="M100 116a28 28 0 0 1 40 0" />
          <circle cx="120" cy="130" r="3" className="fill-brand" />
          <path d="M80 70l80 70" className="stroke-fg-muted" strokeWidth="6" />
        </g>
      ) : (
        <text x="120" y="118" textAnchor="middle" className="fill-brand" style={{ font: '700 56px var(--font-sans)' }}>
          {label}
        </text>
      )}
    </svg>
  );
}

export function ErrorScreen({ illustration, title, text, actions, testId }: { illustration: ErrorIllustration; title: string; text: string; actions: ReactNode; testId: string }) {
  return (
    <section data-testid={testId} className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-12 text-center sm:py-20">
      <Illustration kind={illustration} />
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="text-fg-muted">{text}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );
}
