import { ApiError } from '../../api/errors.ts';

/** What the page shows when the token call fails: each answer of the contract says something different. */
export type RoomProblem = 'not_configured' | 'forbidden' | 'not_found' | 'failed';

export function roomProblemOf(error: unknown): RoomProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 503 && error.code === 'rooms.jitsi_not_configured') return 'not_configured';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'not_found';
  return 'failed';
}

/** Only an https address reaches the frame (the server builds it from JITSI_URL). */
export function roomFrameUrl(url: string): string | null {
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
