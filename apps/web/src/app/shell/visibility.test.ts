import type { Event, EventMember, SectionAccess } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { shellEntries, type ShellContext } from './registry.ts';
import { splitForPhone, visibleEntries } from './visibility.ts';

const event = { id: 7, slug: 'summit', name: 'Summit' } as Event;
/** academy_admin is for teachers, course admins and organisers: no ticket opens it for anyone else. */
const member = (members: SectionAccess, abilities: EventMember['abilities'] = ['event.view'], academyAdmin: SectionAccess = 'unavailable', volunteer: SectionAccess = 'unavailable') =>
  ({ abilities, sections: { members, meetings: 'ok', chats: 'ok', lectures: 'ok', program: 'ok', voting: 'ok', academy: 'ok', academy_admin: academyAdmin, publishers: 'ok', media: 'ok', pages: 'ok', volunteer } }) as EventMember;
const shown = (context: ShellContext) => visibleEntries(shellEntries, context).map(({ entry, state }) => `${entry.id}:${state}`);

describe('which sections the shell shows', () => {
  it.each<[string, ShellContext, string[]]>([
    ['guest', { event, member: null, signedIn: false }, ['home:open', 'members:locked', 'meetings:locked', 'chats:locked', 'agenda:locked', 'calendar:locked', 'program:locked', 'speakers:locked', 'companies:locked', 'favorites:locked', 'contacts:locked', 'notifications:locked', 'lectures-archive:locked', 'news:open', 'vacancies:locked', 'showcase:locked', 'voting:locked', 'expo:locked', 'wnmeet:locked', 'publishers:locked', 'media:locked', 'pages:locked', 'academy:locked', 'academy-admin:locked', 'volunteer:locked', 'badge:locked']],
    ['signed in, not a member', { event, member: null, signedIn: true }, ['home:open', 'members:locked', 'meetings:locked', 'chats:locked', 'agenda:locked', 'calendar:locked', 'program:locked', 'speakers:locked', 'companies:locked', 'favorites:locked', 'contacts:locked', 'notifications:locked', 'lectures-archive:locked', 'news:open', 'vacancies:locked', 'showcase:locked', 'voting:locked', 'expo:locked', 'wnmeet:locked', 'publishers:locked', 'media:locked', 'pages:locked', 'academy:locked', 'academy-admin:locked', 'volunteer:locked', 'badge:locked']],
    ['member with access', { event, member: member('ok'), signedIn: true }, ['home:open', 'members:open', 'meetings:open', 'chats:open', 'agenda:open', 'calendar:open', 'program:open', 'speakers:open', 'companies:open', 'favorites:open', 'contacts:open', 'notifications:open', 'lectures-archive:open', 'news:open', 'vacancies:open', 'showcase:open', 'voting:open', 'expo:open', 'wnmeet:open', 'publishers:open', 'media:open', 'pages:open', 'academy:open', 'badge:open']],
    ['ticket a business pass would upgrade', { event, member: member('upgrade'), signedIn: true }, ['home:open', 'members:locked', 'meetings:open', 'chats:open', 'agenda:open', 'calendar:open', 'program:open', 'speakers:open', 'companies:open', 'favorites:open', 'contacts:open', 'notifications:open', 'lectures-archive:open', 'news:open', 'vacancies:open', 'showcase:open', 'voting:open', 'expo:open', 'wnmeet:open', 'publishers:open', 'media:open', 'pages:open', 'academy:open', 'badge:open']],
    ['ticket no pass opens', { event, member: member('unavailable'), signedIn: true }, ['home:open', 'meetings:open', 'chats:open', 'agenda:open', 'calendar:open', 'program:open', 'speakers:open', 'companies:open', 'favorites:open', 'contacts:open', 'notifications:open', 'lectures-archive:open', 'news:open', 'vacancies:open', 'showcase:open', 'voting:open', 'expo:open', 'wnmeet:open', 'publishers:open', 'media:open', 'pages:open', 'academy:open', 'badge:open']],
    ['course teacher', { event, member: member('ok', ['event.view', 'academy.view', 'academy.admin.view', 'academy.homework.review'], 'ok'), signedIn: true }, ['home:open', 'members:open', 'meetings:open', 'chats:open', 'agenda:open', 'calendar:open', 'program:open', 'speakers:open', 'companies:open', 'favorites:open', 'contacts:open', 'notifications:open', 'lectures-archive:open', 'news:open', 'vacancies:open', 'showcase:open', 'voting:open', 'expo:open', 'wnmeet:open', 'publishers:open', 'media:open', 'pages:open', 'academy:open', 'academy-admin:open', 'badge:open']],
    ['organiser', { event, member: member('ok', ['event.view', 'event.manage'], 'ok', 'ok'), signedIn: true }, ['home:open', 'members:open', 'meetings:open', 'chats:open', 'agenda:open', 'calendar:open', 'program:open', 'speakers:open', 'companies:open', 'favorites:open', 'contacts:open', 'notifications:open', 'lectures-archive:open', 'news:open', 'vacancies:open', 'showcase:open', 'voting:open', 'expo:open', 'wnmeet:open', 'publishers:open', 'media:open', 'pages:open', 'academy:open', 'academy-admin:open', 'volunteer:open', 'badge:open', 'back-office:open']],
  ])('%s', (_name, context, expected) => {
    expect(shown(context)).toEqual(expected);
  });

  it('links the back office to the event in the admin and keeps it off the phone tabs', () => {
    const context = { event, member: member('ok', ['event.manage'], 'ok', 'ok'), signedIn: true };
    const { tabs, more } = splitForPhone(visibleEntries(shellEntries, context));
    expect(tabs.map(({ entry }) => entry.id)).toEqual(['home', 'members', 'meetings', 'chats']);
    expect(more.map(({ entry }) => entry.id)).toEqual(['agenda', 'calendar', 'program', 'speakers', 'companies', 'favorites', 'contacts', 'notifications', 'lectures-archive', 'news', 'vacancies', 'showcase', 'voting', 'expo', 'wnmeet', 'publishers', 'media', 'pages', 'academy', 'academy-admin', 'volunteer', 'badge', 'back-office']);
    const backOffice = more.find(({ entry }) => entry.id === 'back-office')?.entry;
    expect(backOffice?.kind === 'link' ? backOffice.href(context) : null).toBe('/admin/events/7');
  });
});
