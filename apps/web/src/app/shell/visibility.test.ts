import type { Event, EventMember, SectionAccess } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { shellEntries, type ShellContext } from './registry.ts';
import { splitForPhone, visibleEntries } from './visibility.ts';

const event = { id: 7, slug: 'summit', name: 'Summit' } as Event;
const member = (members: SectionAccess, abilities: EventMember['abilities'] = ['event.view']) =>
  ({ abilities, sections: { members, meetings: 'ok', chats: 'ok', lectures: 'ok', program: 'ok', voting: 'ok', academy: 'ok', publishers: 'ok', media: 'ok' } }) as EventMember;
const shown = (context: ShellContext) => visibleEntries(shellEntries, context).map(({ entry, state }) => `${entry.id}:${state}`);

describe('which sections the shell shows', () => {
  it.each<[string, ShellContext, string[]]>([
    ['guest', { event, member: null, signedIn: false }, ['home:open', 'members:locked', 'meetings:locked', 'chats:locked', 'calendar:locked', 'program:locked', 'speakers:locked', 'companies:locked', 'favorites:locked', 'contacts:locked', 'notifications:locked', 'lectures-archive:locked', 'news:open', 'showcase:locked', 'voting:locked', 'expo:locked', 'publishers:locked', 'media:locked']],
    ['signed in, not a member', { event, member: null, signedIn: true }, ['home:open', 'members:locked', 'meetings:locked', 'chats:locked', 'calendar:locked', 'program:locked', 'speakers:locked', 'companies:locked', 'favorites:locked', 'contacts:locked', 'notifications:locked', 'lectures-archive:locked', 'news:open', 'showcase:locked', 'voting:locked', 'expo:locked', 'publishers:locked', 'media:locked']],
    ['member with access', { event, member: member('ok'), signedIn: true }, ['home:open', 'members:open', 'meetings:open', 'chats:open', 'calendar:open', 'program:open', 'speakers:open', 'companies:open', 'favorites:open', 'contacts:open', 'notifications:open', 'lectures-archive:open', 'news:open', 'showcase:open', 'voting:open', 'expo:open', 'publishers:open', 'media:open']],
    ['ticket a business pass would upgrade', { event, member: member('upgrade'), signedIn: true }, ['home:open', 'members:locked', 'meetings:open', 'chats:open', 'calendar:open', 'program:open', 'speakers:open', 'companies:open', 'favorites:open', 'contacts:open', 'notifications:open', 'lectures-archive:open', 'news:open', 'showcase:open', 'voting:open', 'expo:open', 'publishers:open', 'media:open']],
    ['ticket no pass opens', { event, member: member('unavailable'), signedIn: true }, ['home:open', 'meetings:open', 'chats:open', 'calendar:open', 'program:open', 'speakers:open', 'companies:open', 'favorites:open', 'contacts:open', 'notifications:open', 'lectures-archive:open', 'news:open', 'showcase:open', 'voting:open', 'expo:open', 'publishers:open', 'media:open']],
    ['organiser', { event, member: member('ok', ['event.view', 'event.manage']), signedIn: true }, ['home:open', 'members:open', 'meetings:open', 'chats:open', 'calendar:open', 'program:open', 'speakers:open', 'companies:open', 'favorites:open', 'contacts:open', 'notifications:open', 'lectures-archive:open', 'news:open', 'showcase:open', 'voting:open', 'expo:open', 'publishers:open', 'media:open', 'back-office:open']],
  ])('%s', (_name, context, expected) => {
    expect(shown(context)).toEqual(expected);
  });

  it('links the back office to the event in the admin and keeps it off the phone tabs', () => {
    const context = { event, member: member('ok', ['event.manage']), signedIn: true };
    const { tabs, more } = splitForPhone(visibleEntries(shellEntries, context));
    expect(tabs.map(({ entry }) => entry.id)).toEqual(['home', 'members', 'meetings', 'chats']);
    expect(more.map(({ entry }) => entry.id)).toEqual(['calendar', 'program', 'speakers', 'companies', 'favorites', 'contacts', 'notifications', 'lectures-archive', 'news', 'showcase', 'voting', 'expo', 'publishers', 'media', 'back-office']);
    const backOffice = more.find(({ entry }) => entry.id === 'back-office')?.entry;
    expect(backOffice?.kind === 'link' ? backOffice.href(context) : null).toBe('/admin/events/7');
  });
});
