import { describe, expect, it } from 'vitest';
import { allowsPrivateFeeds, feedUrlProblem, isEditable, isPrivateAddress, isVisible } from './policy.ts';

const loopback = (host: string) => host === '127.0.0.1' || host === 'localhost';

describe('isVisible', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  it.each<[string, { publishedAt: Date; hidden: boolean }, boolean]>([
    ['published', { publishedAt: new Date('2030-01-01T11:00:00Z'), hidden: false }, true],
    ['scheduled', { publishedAt: new Date('2030-01-01T13:00:00Z'), hidden: false }, false],
    ['hidden', { publishedAt: new Date('2030-01-01T11:00:00Z'), hidden: true }, false],
  ])('%s', (_name, item, expected) => expect(isVisible(item, now)).toBe(expected));
  it('feed items are not editable', () => {
    expect(isEditable({ source: 'organiser' })).toBe(true);
    expect(isEditable({ source: 'feed' })).toBe(false);
  });
});

describe('private feed addresses', () => {
  it.each<[string, boolean]>([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['not an ip', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
  ])('%s private: %s', (address, expected) => expect(isPrivateAddress(address)).toBe(expected));

  it('allows them in demo mode or on a loopback-only server, never on a networked deployment', () => {
    expect(allowsPrivateFeeds({ demo: true, host: '0.0.0.0' }, loopback)).toBe(true);
    expect(allowsPrivateFeeds({ demo: false, host: '127.0.0.1' }, loopback)).toBe(true);
    expect(allowsPrivateFeeds({ demo: false, host: '0.0.0.0' }, loopback)).toBe(false);
  });

  it.each<[string, boolean, boolean]>([
    ['https://example.com/feed.xml', false, true],
    ['http://example.com/rss', false, true],
    ['ftp://example.com/rss', true, false],
    ['javascript:alert(1)', true, false],
    ['https://user:pw@example.com/rss', true, false],
    ['not a url', true, false],
    ['http://127.0.0.1:8080/rss', false, false],
    ['http://127.0.0.1:8080/rss', true, true],
    ['http://localhost/rss', false, false],
    ['http://[::1]/rss', false, false],
    ['http://169.254.169.254/latest', false, false],
  ])('%s (private allowed: %s) ok: %s', (url, allowPrivate, ok) => expect(feedUrlProblem(url, allowPrivate) === null).toBe(ok));
});
