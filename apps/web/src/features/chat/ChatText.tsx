import { useMemo } from 'react';
import { cn } from '../../ui/cn.ts';
import { linkify } from './linkify.ts';

/**
 * A message's text: line breaks kept, http(s) addresses as links that open in a new tab without
 * passing the page on. React renders every part as text; nothing a sender writes becomes markup.
 */
export function ChatText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => linkify(text), [text]);
  return (
    <p className={cn('whitespace-pre-wrap break-words [overflow-wrap:anywhere]', className)}>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
