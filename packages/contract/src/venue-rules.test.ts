import { describe, expect, it } from 'vitest';
import { TICKET_KINDS } from './permissions.ts';
import {
  BADGE_QR_TAG,
  checkInShare,
  contactPair,
  exchangeRefusal,
  formatBadgeQr,
  leadRefusal,
  leadRole,
  mayExportLeads,
  mayTouchLead,
  parseBadgeQr,
  ticketKindColour,
  TICKET_KIND_COLOURS,
} from './venue-rules.ts';

const SIG = 'abcdefghij_KLMNOPQR-12';

describe('parseBadgeQr', () => {
  it.each([
    ['a printed value', `LB1.42.${SIG}`, { badgeId: 42, signature: SIG }],
    ['a scanner gun line break', `LB1.42.${SIG}\r\n`, { badgeId: 42, signature: SIG }],
    ['spaces of a paste', `  LB1.7.${SIG} `, { badgeId: 7, signature: SIG }],
    ['the largest id', `LB1.2147483647.${SIG}`, { badgeId: 2147483647, signature: SIG }],
    ['an id past the database', `LB1.2147483648.${SIG}`, null],
    ['id zero', `LB1.0.${SIG}`, null],
    ['a leading zero', `LB1.042.${SIG}`, null],
    ['a short signature', `LB1.42.${SIG.slice(1)}`, null],
    ['a long signature', `LB1.42.${SIG}x`, null],
    ['a signature with padding', `LB1.42.${SIG.slice(2)}==`, null],
    ['another tag', `LB2.42.${SIG}`, null],
    ['lower-case tag', `lb1.42.${SIG}`, null],
    ['a web address', 'https://example.org/badge/42', null],
    ['an e-mail address', 'someone@example.org', null],
    ['nothing', '', null],
    ['inner spaces', `LB1. 42.${SIG}`, null],
  ])('%s', (_name, text, expected) => expect(parseBadgeQr(text)).toEqual(expected));

  it('reads back what formatBadgeQr writes', () => {
    expect(parseBadgeQr(formatBadgeQr(1234, SIG))).toEqual({ badgeId: 1234, signature: SIG });
    expect(formatBadgeQr(5, SIG).startsWith(`${BADGE_QR_TAG}.`)).toBe(true);
  });
});

/** WCAG relative luminance contrast of a colour against white. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (l + 0.05);
}

describe('ticket kind colours', () => {
  it.each([...TICKET_KINDS, null] as const)('%s carries white text at AA contrast', (kind) => {
    expect(contrastWithWhite(ticketKindColour(kind))).toBeGreaterThanOrEqual(4.5);
  });
  it('tells every kind apart', () => expect(new Set(Object.values(TICKET_KIND_COLOURS)).size).toBe(Object.keys(TICKET_KIND_COLOURS).length));
});

describe('contact exchange', () => {
  it.each([
    [1, 1, 'self'],
    [1, 2, null],
    [9, 3, null],
  ] as const)('scanner %i, holder %i -> %s', (scanner, holder, expected) => expect(exchangeRefusal(scanner, holder)).toBe(expected));
  it.each([
    [3, 9, { low: 3, high: 9 }],
    [9, 3, { low: 3, high: 9 }],
  ])('pair of %i and %i', (a, b, expected) => expect(contactPair(a, b)).toEqual(expected));
});

describe('leads', () => {
  it.each([
    ['company admin', ['admin'], false, 'admin'],
    ['admin with chat', ['chat', 'admin'], false, 'admin'],
    ['chat manager', ['chat'], false, 'staff'],
    ['person of the company without a role', [], false, null],
    ['outsider', null, false, null],
    ['platform staff', null, true, 'admin'],
  ] as const)('%s -> %s', (_name, roles, staff, expected) => expect(leadRole(roles, staff)).toBe(expected));

  it.each([
    ['admin, another capture', 'admin', 2, 1, true],
    ['admin, nobody (capturer gone)', 'admin', null, 1, true],
    ['staff, own capture', 'staff', 1, 1, true],
    ['staff, a colleague capture', 'staff', 2, 1, false],
    ['staff, capturer gone', 'staff', null, 1, false],
  ] as const)('%s -> %s', (_name, role, capturedBy, me, expected) => expect(mayTouchLead(role, capturedBy, me)).toBe(expected));

  it.each([
    ['admin', true],
    ['staff', false],
  ] as const)('export by %s -> %s', (role, expected) => expect(mayExportLeads(role)).toBe(expected));

  it.each([
    ['own badge', 1, 1, false, 'self'],
    ['own badge, in company', 1, 1, true, 'self'],
    ['a colleague', 1, 2, true, 'own_company'],
    ['a visitor', 1, 2, false, null],
  ] as const)('%s -> %s', (_name, scanner, visitor, inCompany, expected) => expect(leadRefusal(scanner, visitor, inCompany)).toBe(expected));
});

describe('checkInShare', () => {
  it.each([
    [0, 0, 0],
    [0, 10, 0],
    [1, 3, 33],
    [2, 3, 67],
    [10, 10, 100],
    [11, 10, 100],
  ])('%i of %i -> %i%%', (checked, members, expected) => expect(checkInShare(checked, members)).toBe(expected));
});
