// External meetings (issue 16, "WN Meet (Jitsi) and external rooms"): the Zoom or other meeting an
// organiser links to the event (config.zoom.url) or to one lecture (external_url); /zoom-call opens it.
import { z } from 'zod';

export const EXTERNAL_MEETING_URL_MAX = 2000;

/** https://, optional user info, a named host (no bare IP, no single label), an optional port, then anything without spaces. */
const HTTPS_MEETING_URL = /^https:\/\/(?:[^\s@/?#]+@)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * An external meeting's address: https on a named host. One rule, so a bad link gives one message
 * (the form's "Incorrect URL." under the field).
 */
export const ZExternalMeetingUrl = z
  .string()
  .trim()
  .max(EXTERNAL_MEETING_URL_MAX)
  .refine((value) => HTTPS_MEETING_URL.test(value), { params: { rule: 'invalid_url' }, message: 'Must be an https:// address, e.g. https://zoom.us/j/123' });

/** The host a meeting link opens on ("zoom.us"), for the note beside the link; null for anything that is not an https address. */
export function meetingHost(url: string | null | undefined): string | null {
  // The contract has no URL class (no DOM or Node types): links are stored normalised, so the
  // authority is what follows "https://", less any user info and port.
  const match = url ? /^https:\/\/(?:[^@/?#]*@)?([^/:?#@]+)(?::\d+)?(?:[/?#]|$)/i.exec(url) : null;
  return match?.[1] ? match[1].toLowerCase() : null;
}
