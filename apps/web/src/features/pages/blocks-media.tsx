// Media blocks of a page: Images, Video, Iframe and Banners.
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn.ts';
import { PageLink } from './PageLink.tsx';
import { useFrameHeight } from './use-frame-height.ts';
import { columnsClass, initialIframeHeight, SIDE_ALIGN_CLASS, recordingFileUrl, videoEmbedUrl, WIDTH_CLASS, type BlockData } from './page-rules.ts';

export function ImagesBlock({ data }: { data: BlockData<2> }) {
  return (
    <div className={cn('grid gap-4', columnsClass(data.columns))}>
      {data.images.map((image, index) => {
        const picture = <img src={image.url} alt={image.alt ?? ''} loading="lazy" className={cn('h-auto rounded-xl', WIDTH_CLASS[image.width ?? 'w-full'])} />;
        return (
          <div key={index} className="flex min-w-0 justify-center">
            {image.link ? (
              <PageLink href={image.link} className="contents">
                {picture}
              </PageLink>
            ) : (
              picture
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A player of one of the page's four sources; any other address is never framed. */
export function VideoBlock({ data }: { data: BlockData<4> }) {
  const { t } = useTranslation();
  const file = recordingFileUrl(data);
  const src = file ? null : videoEmbedUrl(data);
  return (
    <figure className="flex flex-col gap-2">
      {file ? (
        <video src={file} controls preload="metadata" playsInline aria-label={data.title || t('pages.video')} className="aspect-video w-full rounded-xl bg-black" />
      ) : src ? (
        <iframe
          src={src}
          title={data.title || t('pages.video')}
          loading="lazy"
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="aspect-video w-full rounded-xl border-0 bg-black"
        />
      ) : (
        <p role="note" className="rounded-xl bg-surface-muted p-4 text-sm text-fg-muted">
          {t('pages.video_unavailable')}
        </p>
      )}
      {data.title ? <figcaption className="text-sm text-fg-muted">{data.title}</figcaption> : null}
    </figure>
  );
}

/**
 * An embedded https page, 500 px tall (or its set height) until the page asks for another height
 * with `{ type: 'update-block-height', height }` from its own frame and origin (clamped to 100..5000).
 */
export function IframeBlock({ data }: { data: BlockData<11> }) {
  const { t } = useTranslation();
  const { frame, height } = useFrameHeight(data.url, initialIframeHeight(data.height));
  return (
    <iframe
      ref={frame}
      src={data.url}
      title={data.title || t('pages.embedded')}
      loading="lazy"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="strict-origin-when-cross-origin"
      style={{ height }}
      className="block w-full rounded-xl border-0"
    />
  );
}

export function BannersBlock({ data }: { data: BlockData<7> }) {
  return (
    <div className="flex flex-col gap-4">
      {data.banners.map((banner, index) => {
        const body = (
          <div className="relative overflow-hidden rounded-2xl bg-surface-muted">
            <img src={banner.image} alt={banner.title ?? ''} loading="lazy" className="block h-auto w-full" />
            {banner.title || banner.text ? (
              <div className={cn('absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-black/70 to-transparent p-4 text-white md:p-6', SIDE_ALIGN_CLASS[banner.alignment ?? 'left'])}>
                {banner.title ? <h3 className="text-lg font-bold md:text-xl">{banner.title}</h3> : null}
                {banner.text ? <p className="whitespace-pre-line text-sm md:text-base">{banner.text}</p> : null}
              </div>
            ) : null}
          </div>
        );
        return banner.link ? (
          <PageLink key={index} href={banner.link} className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-brand">
            {body}
          </PageLink>
        ) : (
          <div key={index}>{body}</div>
        );
      })}
    </div>
  );
}
