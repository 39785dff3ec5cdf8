import { initials } from '@lobby/contract';
import { useState } from 'react';
import { cn } from './cn.ts';

/** A picture with an initials fallback when there is none or it fails to load. */
export function Avatar({ src, name, size = 48, className }: { src?: string | null; name: string; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size };
  if (src && !failed) {
    return <img src={src} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} style={box} className={cn('shrink-0 rounded-2xl object-cover', className)} />;
  }
  return (
    <span aria-hidden="true" style={box} className={cn('inline-flex shrink-0 items-center justify-center rounded-2xl bg-brand-solid font-bold text-brand-solid-contrast', className)}>
      {initials(name)}
    </span>
  );
}
