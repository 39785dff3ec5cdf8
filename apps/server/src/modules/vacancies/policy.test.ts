import type { VacancyState } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { canManageVacancies, canReadVacancy, respondVerdict, vacanciesAccess, type RespondVerdict, type VacancyReader } from './policy.ts';

describe('vacanciesAccess', () => {
  const who = (over: Partial<VacancyReader>): VacancyReader => ({ signedIn: true, isMember: false, canManage: false, isStaff: false, ...over });
  it.each<[string, VacancyReader, ReturnType<typeof vacanciesAccess>]>([
    ['a guest', who({ signedIn: false }), 'unauthorized'],
    ['a member (any ticket)', who({ isMember: true }), 'ok'],
    ['a manager of the event', who({ canManage: true }), 'ok'],
    ['platform staff', who({ isStaff: true }), 'ok'],
    ['someone outside the event', who({}), 'not_found'],
  ])('%s', (_name, reader, expected) => expect(vacanciesAccess(reader)).toBe(expected));
});

describe('canManageVacancies', () => {
  it.each([
    ['an admin of the company', ['chat', 'admin'], false, true],
    ['chat role only', ['chat'], false, false],
    ['not in the company', null, false, false],
    ['platform staff', null, true, true],
  ] as const)('%s', (_name, roles, staff, expected) => expect(canManageVacancies(roles, staff)).toBe(expected));
});

describe('canReadVacancy', () => {
  it.each<[VacancyState, boolean, boolean]>([
    ['open', false, true],
    ['closed', false, true],
    ['draft', false, false],
    ['draft', true, true],
  ])('%s, editor %s: %s', (state, canEdit, expected) => expect(canReadVacancy(state, canEdit)).toBe(expected));
});

describe('respondVerdict', () => {
  it.each<[string, VacancyState, boolean, boolean, RespondVerdict]>([
    ['an open vacancy of another company', 'open', false, false, 'ok'],
    ['closed', 'closed', false, false, 'closed'],
    ['a draft', 'draft', false, false, 'closed'],
    ['their own company', 'open', true, false, 'own_company'],
    ['responded already', 'open', false, true, 'already_responded'],
    ['closed and responded (closed says more)', 'closed', false, true, 'closed'],
  ])('%s', (_name, state, inCompany, responded, expected) => expect(respondVerdict({ state, inCompany, responded })).toBe(expected));
});
