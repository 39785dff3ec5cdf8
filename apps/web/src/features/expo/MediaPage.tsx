import type { PressKitItem } from '@lobby/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../i18n/index.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { signedInOnly } from '../auth/guards.ts';
import { CompanyLogo } from '../companies/CompanyLogo.tsx';
import { eventPath, useEventContext } from '../events/context.ts';
import { SectionGate } from '../members/SectionGate.tsx';
import { downloadPressKitFile, mediaPageQuery } from './api.ts';
import { fileKind, formatBytes, safeLinkUrl } from './press-kit.ts';
import { Failure } from './parts.tsx';

export const loader = signedInOnly;

const DownloadIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="size-5">
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </svg>
);

const LinkIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="size-5">
    <path d="M14 5h5v5M19 5l-8 8M17 14v4a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4" />
  </svg>
);

function PressKitRow({ item }: { item: PressKitItem }) {
  const { t } = useTranslation();
  const safe = safeLinkUrl(item.url);
  const download = useMutation({ mutationFn: () => downloadPressKitFile(item) });
  const kind = item.kind === 'file' ? fileKind(item.content_type, item.file_name) : null;
  const facts = [kind, item.file_size !== null ? formatBytes(item.file_size, currentLanguage()) : null].filter((fact): fact is string => Boolean(fact));
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center" data-testid="press-kit-item">
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words">{item.title}</h3>
        {item.description ? <p className="text-sm text-fg-muted break-words">{item.description}</p> : null}
        {item.kind === 'file' ? (
          <p className="text-xs text-fg-muted break-all" data-testid="press-kit-facts">
            {[item.file_name, ...facts].filter(Boolean).join(' · ')}
          </p>
        ) : safe ? (
          <p className="text-xs text-fg-muted break-all">{safe.sameOrigin ? safe.href : new URL(safe.href).host}</p>
        ) : null}
        {download.isError ? (
          <div className="mt-2">
            <Alert tone="error">{apiErrorText(t, download.error)}</Alert>
          </div>
        ) : null}
      </div>
      {item.kind === 'file' && safe?.sameOrigin ? (
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending} aria-label={t('media.download_of', { title: item.title })} data-testid="press-kit-download" className="self-start sm:self-center">
          <DownloadIcon />
          {t('media.download')}
        </Button>
      ) : item.kind === 'link' && safe ? (
        <a
          href={safe.href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-xl border border-line bg-surface px-4 text-sm font-semibold hover:bg-surface-muted sm:self-center"
          data-testid="press-kit-link"
        >
          <LinkIcon />
          {t('media.open_link')}
          <span className="sr-only">
            {item.title} {t('media.new_tab')}
          </span>
        </a>
      ) : null}
    </li>
  );
}

function Content() {
  const { t } = useTranslation();
  const { event, slug } = useEventContext();
  const query = useQuery(mediaPageQuery(event.id));
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-32" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (query.isError) return <Failure error={query.error} retry={() => void query.refetch()} />;
  const { partners, press_kit: pressKit } = query.data.data;
  if (partners.length === 0 && pressKit.length === 0) return <EmptyState title={t('media.empty_title')} text={t('media.empty_text')} />;
  return (
    <>
      <section className="flex flex-col gap-3" aria-labelledby="media-partners">
        <h2 id="media-partners" className="text-xl font-bold">
          {t('media.partners')}
        </h2>
        {partners.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('media.no_partners')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="media-partners">
            {partners.map((partner) => (
              <li key={partner.id} className="relative flex items-center gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="media-partner">
                <CompanyLogo name={partner.name} src={partner.logo_url} size={56} />
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold break-words">
                    <Link to={eventPath(slug, `companies/${partner.id}`)} className="after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-2">
                      {partner.name}
                    </Link>
                  </h3>
                  {partner.summary ? <p className="line-clamp-2 text-xs text-fg-muted break-words">{partner.summary}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="press-kit">
        <h2 id="press-kit" className="text-xl font-bold">
          {t('media.press_kit')}
        </h2>
        {pressKit.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('media.no_press_kit')}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="press-kit">
            {[...pressKit]
              .sort((a, b) => a.position - b.position)
              .map((item) => (
                <PressKitRow key={item.id} item={item} />
              ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** media: the event's media partners and its press kit. */
export function Component() {
  const { t } = useTranslation();
  const { event, member } = useEventContext();
  return (
    <SectionGate section="media" event={event} member={member}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8" data-testid="media-page">
        <header className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('media.title')}</h1>
          <p className="text-fg-muted">{t('media.lead')}</p>
        </header>
        <Content />
      </div>
    </SectionGate>
  );
}
