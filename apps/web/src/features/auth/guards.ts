import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isSignedIn } from '../../api/session.ts';

/** Guest-only and unauthenticated-only routes send a signed-in person home (product.md section 6). */
export function guestOnly(): null {
  if (isSignedIn()) throw redirect('/');
  return null;
}

/** Pages that need an account send a guest to auth-login, and back afterwards. */
export function signedInOnly({ request }: LoaderFunctionArgs): null {
  if (!isSignedIn()) {
    const url = new URL(request.url);
    throw redirect(`/auth/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  return null;
}
