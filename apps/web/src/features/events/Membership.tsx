import type { Event, EventMember } from '@lobby/contract';
import { pageRoutes } from '../../api/route-refs.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { apiQuery, callApi } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { isSignedIn } from '../../api/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { apiErrorText } from '../auth/api-error.ts';
import { memberQuery } from './context.ts';

/** The person's ticket, or the way in: sign in, join (open registration) or "by invitation". */
export function Membership({ event, member }: { event: Event; member: EventMember | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const join = useMutation({
    mutationFn: (ticketTypeId?: number) => callApi(pageRoutes.registerForEvent, { params: { slug: event.slug }, body: ticketTypeId ? { ticket_type_id: ticketTypeId } : null }),
    onSuccess: (result) => queryClient.setQueryData(memberQuery(event.id).queryKey, result.data),
    onError: () => queryClient.invalidateQueries({ queryKey: [pageRoutes.listPasses.id] }),
  });
  const passes = useQuery({ ...apiQuery(pageRoutes.listPasses, { params: { slug: event.slug } }), enabled: !member && isSignedIn() && event.group !== 'past' }).data?.data ?? [];
  const box = (children: React.ReactNode) => (
    <section data-testid="membership" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 text-sm">
      {children}
    </section>
  );
  if (member) {
    return box(
      <>
        <p className="font-semibold text-fg-muted">{t('event.your_ticket')}</p>
        <p className="flex flex-wrap items-center gap-2 text-base font-bold" data-testid="my-ticket">
          {member.ticket_type?.name ?? t('event.no_ticket')}
          {member.is_organizer ? <Badge tone="brand">{t('event.organiser')}</Badge> : null}
        </p>
        {member.abilities.includes('event.manage') ? (
          <ButtonLink to={`/admin/events/${event.id}`} variant="secondary">
            {t('event.manage')}
          </ButtonLink>
        ) : null}
      </>,
    );
  }
  if (!isSignedIn()) {
    return box(
      <>
        <p>{t('event.sign_in_to_join')}</p>
        <ButtonLink to={`/auth/login?redirect=${encodeURIComponent(location.pathname)}`}>{t('auth.sign_in')}</ButtonLink>
      </>,
    );
  }
  if (event.group === 'past') return box(<p>{t('event.is_over')}</p>);
  const open = event.auto_reg || event.is_all_users;
  if (!open && passes.length === 0) return box(<p>{t('event.by_invitation')}</p>);
  return box(
    <>
      <p>{open ? t('event.join_text') : t('event.passes_text')}</p>
      {join.isError ? <Alert tone="error">{apiErrorText(t, join.error)}</Alert> : null}
      {open ? (
        <Button onClick={() => join.mutate(undefined)} disabled={join.isPending} data-testid="join-event">
          {t('event.join')}
        </Button>
      ) : null}
      {!open
        ? passes.map((pass) => (
            <div key={pass.id} className="flex items-center justify-between gap-3 rounded-xl border border-line p-3">
              <div>
                <p className="font-semibold">{pass.name}</p>
                <p className="text-xs text-fg-muted">{pass.remaining === null ? t('event.pass_unlimited') : pass.remaining > 0 ? t('event.passes_left', { count: pass.remaining }) : t('event.none_left')}</p>
              </div>
              <Button variant="secondary" disabled={join.isPending || pass.remaining === 0} onClick={() => join.mutate(pass.id)}>
                {t('event.take_pass')}
              </Button>
            </div>
          ))
        : null}
    </>,
  );
}
