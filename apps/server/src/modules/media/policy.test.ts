import type { Permission } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { canManageCompany, canUploadEventMedia, companySlotOf } from './policy.ts';

const granting = (...granted: Permission[]) => (permission: Permission) => granted.includes(permission);

describe('media policy', () => {
  it.each([
    { name: 'organiser', can: granting('event.manage'), allowed: true },
    { name: 'course admin', can: granting('academy.lesson.edit'), allowed: true },
    { name: 'attendee', can: granting('event.view', 'members.view'), allowed: false },
    { name: 'nobody', can: granting(), allowed: false },
  ])('event media: $name -> $allowed', ({ can, allowed }) => {
    expect(canUploadEventMedia(can)).toBe(allowed);
  });

  it.each([
    { who: { isStaff: true, rolesInCompany: null }, allowed: true },
    { who: { isStaff: false, rolesInCompany: ['admin'] }, allowed: true },
    { who: { isStaff: false, rolesInCompany: ['chat', 'admin'] }, allowed: true },
    { who: { isStaff: false, rolesInCompany: ['chat'] }, allowed: false },
    { who: { isStaff: false, rolesInCompany: [] }, allowed: false },
    { who: { isStaff: false, rolesInCompany: null }, allowed: false },
  ])('company media: %o', ({ who, allowed }) => {
    expect(canManageCompany(who)).toBe(allowed);
  });

  it.each([
    ['logo', 'logo'],
    ['cover', 'cover'],
    ['hero', null],
    ['hero_2', null],
  ] as const)('category %s fills the %s slot', (category, slot) => {
    expect(companySlotOf(category)).toBe(slot);
  });
});
