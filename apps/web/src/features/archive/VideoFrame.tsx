import { isPlayerUrl } from './filters.ts';

/** A player iframe, 16:9, only for https player addresses the API gave. */
export function VideoFrame({ url, title }: { url: string | null; title: string }) {
  if (!isPlayerUrl(url)) return null;
  return (
    <div className="aspect-video w-full overflow-hidden rounded-2xl bg-black">
      <iframe
        src={url}
        title={title}
        data-testid="video-player"
        className="size-full border-0"
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture; camera; microphone; display-capture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
