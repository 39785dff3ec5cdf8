// News rules (product.md section 2 /news; docs/decisions.md, issue 12 "News").
import { isIP } from 'node:net';
import { BlockList } from 'node:net';

/** Shown to readers: published (its moment has come) and not hidden by the organisers. */
export const isVisible = (item: { publishedAt: Date; hidden: boolean }, now: Date): boolean => !item.hidden && item.publishedAt.getTime() <= now.getTime();

/** Feed items are changed at their source: organisers hide them, never edit or delete them. */
export const isEditable = (item: { source: 'organiser' | 'feed' }): boolean => item.source === 'organiser';

/**
 * Feeds on private, loopback and link-local addresses are fetched only where the server is a
 * developer's or a demo's (demo mode, or listening on loopback alone, as the tests and `npm start`
 * do). A real deployment listens on the network and never reaches its neighbours through a feed.
 */
export const allowsPrivateFeeds = (config: { demo: boolean; host: string }, isLoopbackHost: (host: string) => boolean): boolean => config.demo || isLoopbackHost(config.host);

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is private, loopback, link-local, reserved or multicast (IPv4-mapped IPv6 read as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return blocked.check(address, 'ipv4');
  if (version !== 6) return true;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** A feed address an organiser may give: http or https, no credentials, a host. */
export function feedUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'This is not a web address.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'A feed address starts with http:// or https://.';
  if (url.username || url.password) return 'A feed address carries no user name or password.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host)))) return 'Feeds on private or local addresses cannot be fetched.';
  return null;
}
