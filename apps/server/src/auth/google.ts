import { ErrorCode } from '@lobby/contract';
import * as oidc from 'openid-client';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { consumeToken, issueToken } from './one-time.ts';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export interface GoogleProfile {
  email: string;
  firstName: string;
  lastName: string;
}

const STATE_TTL_S = 10 * 60;

/** Sign-in with Google through OpenID Connect: authorization code with PKCE, state and nonce. */
export class GoogleSignIn {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: GoogleSettings,
    private readonly redirectUri: string,
  ) {}

  /** Discovery runs on first use and is cached; a failure is retried next time. */
  private discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    // Plain http is only for a provider on this machine (tests, local development).
    const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    this.configuration ??= oidc
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, local ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async authorizationUrl(db: Db, redirect: string): Promise<string> {
    const config = await this.discover();
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const state = await issueToken(db, { kind: 'oauth_state', ttlSeconds: STATE_TTL_S, payload: { verifier, nonce, redirect } });
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: this.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
  }

  /** Checks state, trades the code (with the PKCE verifier) and answers the verified profile. */
  async finish(db: Db, callbackUrl: URL): Promise<{ profile: GoogleProfile; redirect: string }> {
    const state = callbackUrl.searchParams.get('state') ?? '';
    const stored = await consumeToken(db, 'oauth_state', state, 'The Google sign-in took too long. Please try again.');
    const config = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: stored.payload.verifier ?? '',
      expectedState: state,
      expectedNonce: stored.payload.nonce ?? '',
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : '';
    if (!email || claims?.email_verified !== true) {
      throw new AppError(400, ErrorCode.providerFailed, 'Google did not confirm an e-mail address for this account.');
    }
    const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 60) : '');
    return { profile: { email, firstName: text(claims.given_name), lastName: text(claims.family_name) }, redirect: stored.payload.redirect ?? '/' };
  }
}

/** The web app trades this short-lived ticket for tokens, so tokens never travel in a URL. */
export const issueTicket = (db: Db, userId: number) => issueToken(db, { kind: 'oauth_ticket', userId, ttlSeconds: 60 });
export const redeemTicket = (db: Db, ticket: string) => consumeToken(db, 'oauth_ticket', ticket, 'This sign-in has expired. Please try again.');
