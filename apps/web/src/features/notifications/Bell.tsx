import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/client.ts';
import { shellRoutes } from '../../api/route-refs.ts';
import { useMe } from '../auth/session.ts';
import { useUserChannel } from './live.ts';

/** How many notifications are unread, or nothing at zero (the bell, the sidebar and the phone's "more" sheet). */
export function UnreadBadge() {
  const { t } = useTranslation();
  const me = useMe();
  const { data } = useQuery({ ...apiQuery(shellRoutes.countUnreadNotifications, {}), enabled: me !== undefined, refetchInterval: 120_000 });
  const count = data?.data.count ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span aria-hidden="true" data-testid="notifications-unread" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white">
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{t('notifications.unread_count', { count })}</span>
    </>
  );
}

/** The top bar's bell: the unread count, and the live user channel while someone is signed in. */
export function BellBadge() {
  const me = useMe();
  useUserChannel(me?.id, me?.timezone ?? 'UTC');
  return (
    <span className="absolute right-2 top-2">
      <UnreadBadge />
    </span>
  );
}
