// WN Meet room tokens: the HS256 JWT a Jitsi deployment with token authentication (prosody
// `authentication = "token"`, its app_id and app_secret) reads to admit a person to one room.
import { ROOM_TOKEN_TTL_S } from '@lobby/contract';
import { SignJWT } from 'jose';
import type { JitsiConfig } from '../../config.ts';

/** Who the token names: Jitsi shows the name and avatar, and keeps the id and e-mail for its logs. */
export interface RoomPerson {
  id: number;
  name: string;
  /** An absolute address, or null for the initials Jitsi draws itself. */
  avatar: string | null;
  email: string;
}

const keys = new Map<string, Uint8Array>();
const keyOf = (secret: string): Uint8Array => {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
};

/**
 * Jitsi lowercases a room's name (its conference address is a Jabber id), and prosody compares the
 * token's room with that address: the token and the link name the room as Jitsi will.
 */
export const jitsiRoomOf = (room: string): string => room.toLowerCase();

/**
 * The token: aud 'jitsi', iss the app id, sub the deployment's host, the room, and the person in
 * context.user. moderator is written both in context.user and at the top level, where the
 * token_moderation plugins of self-hosted Jitsi read it.
 */
export async function signRoomToken(jitsi: JitsiConfig, person: RoomPerson, room: string, moderator: boolean, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({
    room: jitsiRoomOf(room),
    moderator,
    context: { user: { id: String(person.id), name: person.name, ...(person.avatar ? { avatar: person.avatar } : {}), email: person.email, moderator } },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience('jitsi')
    .setIssuer(jitsi.appId)
    .setSubject(jitsi.domain)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + ROOM_TOKEN_TTL_S)
    .sign(keyOf(jitsi.appSecret));
}

/** The room's address on the deployment with the token, as Jitsi's web app takes it (?jwt=). */
export const roomUrl = (jitsi: JitsiConfig, room: string, token: string): string => `${jitsi.url}/${encodeURIComponent(jitsiRoomOf(room))}?jwt=${token}`;
