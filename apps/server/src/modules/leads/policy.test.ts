import { describe, expect, it } from 'vitest';
import { boothVerdict } from './policy.ts';

describe('boothVerdict', () => {
  const reader = { signedIn: true, eventActive: true, companyInEvent: true, role: null };
  it.each([
    ['the company admin', { role: 'admin' }, 'ok'],
    ['its chat manager', { role: 'staff' }, 'ok'],
    ['anybody else', {}, 'forbidden'],
    ['a company outside the event', { role: 'admin', companyInEvent: false }, 'company_not_found'],
    ['an inactive event', { role: 'admin', eventActive: false }, 'event_not_found'],
    ['a guest', { signedIn: false }, 'sign_in'],
  ] as const)('%s -> %s', (_name, overrides, expected) => expect(boothVerdict({ ...reader, ...overrides })).toBe(expected));
});
