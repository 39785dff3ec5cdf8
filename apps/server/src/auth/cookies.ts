import { REFRESH_TOKEN_TTL_S } from '@lobby/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'lobby_refresh';
const COOKIE_PATH = '/api/v1/auth';

/** Reads one cookie from the request header (no cookie plugin needed for a single value). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The refresh token also travels as an HttpOnly, SameSite=Strict cookie limited to the auth
 * calls: page scripts cannot read it, other sites cannot send it.
 */
export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const attributes = [`${REFRESH_COOKIE}=${token}`, `Path=${COOKIE_PATH}`, `Max-Age=${REFRESH_TOKEN_TTL_S}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  reply.header('set-cookie', attributes.join('; '));
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  const attributes = [`${REFRESH_COOKIE}=`, `Path=${COOKIE_PATH}`, 'Max-Age=0', 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  reply.header('set-cookie', attributes.join('; '));
}
