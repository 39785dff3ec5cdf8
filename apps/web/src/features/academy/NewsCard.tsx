// The academy's news on the course program: the latest promo messages of the course admins (the
// same messages as the academy's promo channel in the chats), newest first.
import { routes } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { formatDate, formatTime } from '../../lib/format.ts';

const SHOWN = 3;
export const academyNewsQuery = (eventId: number) => apiQuery(routes.listAcademyNews, { params: { eventId }, query: { page: 1, per_page: SHOWN } });

export function NewsCard({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const { t } = useTranslation();
  const id = useId();
  const news = useQuery(academyNewsQuery(eventId));
  // News is an extra: nothing is shown until there is some (a failed read included).
  if (!news.isSuccess || news.data.data.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid="academy-news">
      <h2 id={id} className="text-lg font-bold">
        {t('academy.news_title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {news.data.data.map((item) => (
          <li key={item.id} className="flex flex-col gap-1 border-t border-line pt-3 first:border-t-0 first:pt-0" data-testid="academy-news-item">
            <p className="text-xs text-fg-muted">
              <time dateTime={item.created_at}>{t('academy.news_when', { date: formatDate(item.created_at, timeZone), time: formatTime(item.created_at, timeZone) })}</time>
            </p>
            <p className="whitespace-pre-wrap break-words">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
