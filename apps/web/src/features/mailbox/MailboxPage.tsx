import { routes } from '@lobby/contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useParams } from 'react-router';
import { apiQuery } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { appConfig } from '../../app/config.ts';
import { browserTimezone, formatDate, formatTime } from '../../lib/format.ts';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

const listQuery = () => ({ ...apiQuery(routes.listMailbox, {}), refetchInterval: 3000 });

export async function loader() {
  if (appConfig.mailbox === 'off') throw redirect('/');
  await queryClient.ensureQueryData(listQuery());
  return null;
}

/** Plain text with its web addresses as links (React escapes the rest). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part} className="break-all font-medium text-brand-ink underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function Message({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(apiQuery(routes.getMail, { params: { id } }));
  if (isPending || !data) return <Skeleton className="h-64" />;
  const mail = data.data;
  return (
    <article className="flex flex-col gap-4" data-testid="mailbox-message">
      <header>
        <h2 className="text-xl font-bold">{mail.subject}</h2>
        <p className="text-sm text-fg-muted">{t('mailbox.to', { to: mail.to })}</p>
      </header>
      <pre className="whitespace-pre-wrap break-words rounded-xl bg-surface-muted p-4 font-sans text-sm leading-relaxed">
        <Linkified text={mail.text} />
      </pre>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">{t('mailbox.html')}</summary>
        <iframe title={mail.subject} sandbox="" srcDoc={mail.html} className="mt-2 h-96 w-full rounded-xl border border-line bg-white" />
      </details>
    </article>
  );
}

/** The local mailbox of the embedded mode: every mail Lobby wrote, so links work without SMTP. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const selected = id ? Number(id) : undefined;
  const { data } = useSuspenseQuery(listQuery());
  const timezone = browserTimezone();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('mailbox.title')}</h1>
      <p className="mt-1 text-fg-muted">{t('mailbox.subtitle')}</p>
      {data.data.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={t('mailbox.empty_title')} text={t('mailbox.empty_text')} />
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[360px_1fr]">
          <ul className="flex flex-col gap-2" data-testid="mailbox-list">
            {data.data.map((mail) => (
              <li key={mail.id}>
                <Link to={`/mailbox/${mail.id}`} className={cn('block rounded-xl border bg-surface p-3 hover:border-brand', selected === mail.id ? 'border-brand' : 'border-line')}>
                  <span className="block truncate text-sm font-semibold">{mail.subject}</span>
                  <span className="block truncate text-xs text-fg-muted">
                    {mail.to} · {formatDate(mail.created_at, timezone)} {formatTime(mail.created_at, timezone)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="min-w-0 rounded-2xl border border-line bg-surface p-5">{selected ? <Message id={selected} /> : <p className="text-fg-muted">{t('mailbox.pick')}</p>}</div>
        </div>
      )}
    </div>
  );
}
