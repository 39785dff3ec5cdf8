import { routes } from '@lobby/contract';
import { queryClient } from '../../api/query-client.ts';

/** After a print or a check-in the desk's list and counts read again. */
export const refreshDesk = () => Promise.all([queryClient.invalidateQueries({ queryKey: [routes.listVolunteerAttendees.id] }), queryClient.invalidateQueries({ queryKey: [routes.adminCheckInStats.id] })]);
