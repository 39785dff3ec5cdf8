import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface OidcAccount {
  given_name: string;
  family_name: string;
  email_verified?: boolean;
}

const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head><body>${body}</body></html>`;

const readForm = (req: IncomingMessage) =>
  new Promise<URLSearchParams>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(new URLSearchParams(body)));
  });

/**
 * A real OpenID Connect provider (the oidc-provider package) on a free local port, standing in
 * for Google. Its login page asks for an e-mail; accounts not listed get a default name; consent
 * is granted at once.
 */
export async function startOidcProvider(redirectUris: string[], accounts: Record<string, OidcAccount> = {}): Promise<LocalOidc> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const clientId = 'lobby-test';
  const clientSecret = randomBytes(24).toString('hex');

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, token_endpoint_auth_method: 'client_secret_post' }],
    async findAccount(_ctx, id) {
      const account = accounts[id] ?? { given_name: 'Grace', family_name: 'Hopper' };
      return { accountId: id, claims: () => ({ sub: id, email: id, email_verified: account.email_verified ?? true, given_name: account.given_name, family_name: account.family_name }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString('hex')] },
  });
  const callback = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (req.method === 'POST') {
        const email = (await readForm(req)).get('email') ?? '';
        await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(page(`<h1>Sign in to the test provider</h1><form method="post"><label>E-mail <input name="email" type="email" required></label><button type="submit">Continue</button></form>`));
      return;
    }
    const grant = new provider.Grant({ accountId: details.session?.accountId ?? '', clientId });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Follows a browser's path through the provider without a browser: cookies and redirects by hand. */
export async function passThroughProvider(startUrl: string, email: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  let url = new URL(startUrl);
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.href.startsWith(stopAt)) return url;
    const res = await fetch(url, { method, body, redirect: 'manual', headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) } });
    remember(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    if (!html.includes('name="email"')) throw new Error(`unexpected provider page ${res.status}: ${html.slice(0, 300)}`);
    method = 'POST';
    body = new URLSearchParams({ email }).toString();
  }
  throw new Error('too many redirects');
}
