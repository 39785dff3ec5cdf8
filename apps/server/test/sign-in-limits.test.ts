import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, authLimits } from '../src/auth/throttle.ts';
import { codeIn, lastMail, nextIp, tokenIn, userWithPassword } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const from = (ip: string, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, remoteAddress: ip });
const [firstStep] = authLimits.accountAddressFailures;

describe('sign-in throttling that cannot lock the owner out', () => {
  it("a stranger hammering from one address does not stop the owner's correct password or code from another", async () => {
    const owner = await userWithPassword(t.database.db);
    const stranger = nextIp();
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i += 1) statuses.add((await from(stranger, 'login', { email: owner.email, password: `guess ${i} guess` })).statusCode);
    for (let i = 0; i < 20; i += 1) statuses.add((await from(stranger, 'magic-code/verify', { email: owner.email, code: String(1000 + i) })).statusCode);
    expect(statuses.has(429)).toBe(true);

    const home = nextIp();
    expect((await from(home, 'login', { email: owner.email, password: 'correct horse 1' })).statusCode).toBe(200);
    expect((await from(home, 'magic-code', { email: owner.email })).statusCode).toBe(202);
    const code = codeIn((await lastMail(t.database.db, owner.email, 'magic_code')).text);
    expect((await from(home, 'magic-code/verify', { email: owner.email, code })).statusCode).toBe(200);
  });

  it('a stranger exhausting the mail cap leaves the last mailed link valid, and the password working', async () => {
    const owner = await userWithPassword(t.database.db);
    const stranger = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < authLimits.mail.account[0] + 3; i += 1) statuses.push((await from(stranger, 'magic-link', { email: owner.email })).statusCode);
    expect(statuses.slice(0, authLimits.mail.account[0]).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const link = tokenIn((await lastMail(t.database.db, owner.email, 'magic_link')).text);
    const home = nextIp();
    expect((await from(home, 'magic-link/consume', { token: link })).statusCode).toBe(200);
    expect((await from(home, 'login', { email: owner.email, password: 'correct horse 1' })).statusCode).toBe(200);
  });

  it("the owner's own few typos do not lock them out", async () => {
    const owner = await userWithPassword(t.database.db);
    const home = nextIp();
    for (let i = 0; i < firstStep[0] - 1; i += 1) expect((await from(home, 'login', { email: owner.email, password: 'typo horse 1' })).statusCode).toBe(401);
    expect((await from(home, 'login', { email: owner.email, password: 'correct horse 1' })).statusCode).toBe(200);
  });

  it('successes are not counted: signing in many times in a row keeps working', async () => {
    const owner = await userWithPassword(t.database.db);
    const home = nextIp();
    for (let i = 0; i < firstStep[0] * 4; i += 1) expect((await from(home, 'login', { email: owner.email, password: 'correct horse 1' })).statusCode).toBe(200);
  });

  it('failures of one account from one address are slowed down, with Retry-After, even for a right guess', async () => {
    const owner = await userWithPassword(t.database.db);
    const stranger = nextIp();
    for (let i = 0; i < firstStep[0]; i += 1) expect((await from(stranger, 'login', { email: owner.email, password: `guess ${i} guess` })).statusCode).toBe(401);
    const limited = await from(stranger, 'login', { email: owner.email, password: 'correct horse 1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String), details: { retry_after: expect.any(Number) } } });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(firstStep[1] / 1000);
  });

  it('parallel failures from one address cannot slip past the limit', async () => {
    const owner = await userWithPassword(t.database.db);
    const stranger = nextIp();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => from(stranger, 'login', { email: owner.email, password: `guess ${i} guess` })));
    expect(results.filter((res) => res.statusCode === 401)).toHaveLength(firstStep[0]);
  });
});

describe('per-address flood guards', () => {
  it('limits mail requests per address across accounts', async () => {
    const ip = nextIp();
    const [limit] = authLimits.mail.ip;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) statuses.push((await from(ip, 'magic-link', { email: `nobody${i}@example.test` })).statusCode);
    expect(statuses.slice(0, limit).every((s) => s === 404)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});

describe('client addresses', () => {
  it('keys IPv6 clients on their /64 and IPv4-mapped ones as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
