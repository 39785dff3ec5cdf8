import { getEvent, listEvents } from './events.ts';
import type { RouteDef } from './route.ts';
import { getHealth } from './system.ts';
import { getTimezone, listTimezones } from './timezones.ts';

/** Every call of the API; the server registers exactly these and OpenAPI lists them. */
export const routes = {
  getHealth,
  listTimezones,
  getTimezone,
  listEvents,
  getEvent,
} as const satisfies Record<string, RouteDef>;
