import { useEffect, useRef, useState } from 'react';
import { heightFromMessage } from './page-rules.ts';

/**
 * An iframe's height: `initial` until the framed page asks for another with
 * `{ type: 'update-block-height', height }` from that very frame's window and the origin of `url`
 * (heightFromMessage; clamped to 100..5000). Used by the Iframe block and the frame pages.
 */
export function useFrameHeight(url: string, initial: number) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(initial);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const next = heightFromMessage(event, frame.current ? { contentWindow: frame.current.contentWindow, url } : null);
      if (next !== null) setHeight(next);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url]);
  return { frame, height };
}
