import { Navigate } from 'react-router';
import { eventPath, useEventSlug } from '../events/context.ts';

/** /volunteer goes to /volunteer/badges (product.md section 2). */
export function Component() {
  return <Navigate to={eventPath(useEventSlug(), 'volunteer/badges')} replace />;
}
