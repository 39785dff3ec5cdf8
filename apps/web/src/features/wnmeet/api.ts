import { routes } from '@lobby/contract';
import { callApi } from '../../api/client.ts';

/**
 * The room token, asked once per visit: a new token would change the frame's address and reload
 * the room, dropping the person from the call, so it is never refetched while the page is open
 * (the token admits for two hours; Jitsi keeps a joined person in the room after that).
 */
export const roomTokenQuery = (eventId: number, room: string) => ({
  queryKey: [routes.roomToken.id, eventId, room],
  queryFn: () => callApi(routes.roomToken, { params: { eventId, room } }),
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});
