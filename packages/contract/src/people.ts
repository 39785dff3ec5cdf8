import { z } from 'zod';
import { ZCompanyCard } from './companies.ts';
import { dataOf, pageOf, ZTimestamp } from './common.ts';
import { ZEventId, ZMemberCard } from './members.ts';
import { defineRoute } from './route.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZPage = {
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
};

/** What can be starred: members (membership id), companies, lectures of the program. */
export const FAVORITE_TYPES = ['users', 'companies', 'lectures'] as const;
export type FavoriteType = (typeof FAVORITE_TYPES)[number];

export const listFavoriteMembers = defineRoute({
  id: 'favorites.users',
  method: 'GET',
  path: '/api/v1/{eventId}/favorites/users',
  summary: 'Members the signed-in person starred in this event, newest first',
  tags: ['favorites'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object(ZPage),
  response: pageOf(ZMemberCard),
  errors: [400, 401, 403, 404],
});

export const listFavoriteCompanies = defineRoute({
  id: 'favorites.companies',
  method: 'GET',
  path: '/api/v1/{eventId}/favorites/companies',
  summary: 'Companies the signed-in person starred in this event, newest first',
  tags: ['favorites'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object(ZPage),
  response: pageOf(ZCompanyCard),
  errors: [400, 401, 403, 404],
});

const ZFavoritePath = z.object({ eventId: ZEventId, type: z.enum(FAVORITE_TYPES), id: ZId });
const ZFavoriteState = dataOf(z.object({ type: z.enum(FAVORITE_TYPES), id: z.number().int(), is_favorite: z.boolean() }));

export const addFavorite = defineRoute({
  id: 'favorites.add',
  method: 'PUT',
  path: '/api/v1/{eventId}/favorites/{type}/{id}',
  summary: 'Star a member (membership id) or a company of this event; starring twice is harmless',
  tags: ['favorites'],
  auth: true,
  params: ZFavoritePath,
  response: ZFavoriteState,
  errors: [400, 401, 403, 404],
});

export const removeFavorite = defineRoute({
  id: 'favorites.remove',
  method: 'DELETE',
  path: '/api/v1/{eventId}/favorites/{type}/{id}',
  summary: 'Remove a star; removing one that is not there is harmless',
  tags: ['favorites'],
  auth: true,
  params: ZFavoritePath,
  response: ZFavoriteState,
  errors: [400, 401, 403, 404],
});

/** How two people are connected in an event: starred each other, an accepted meeting, a private chat both wrote in, or one scanned the other's badge. */
export const CONTACT_LINKS = ['favorite', 'meeting', 'chat', 'badge'] as const;

export const ZContact = ZMemberCard.extend({
  connected_via: z.array(z.enum(CONTACT_LINKS)),
  /** Shown where the member allows (contacts export the same). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
}).meta({ id: 'Contact' });
export type Contact = z.infer<typeof ZContact>;

export const listContacts = defineRoute({
  id: 'contacts.list',
  method: 'GET',
  path: '/api/v1/{eventId}/contacts',
  summary: "People the signed-in person is connected with in this event: both starred each other, an accepted meeting, a private chat both wrote in, or a badge exchange",
  tags: ['contacts'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object(ZPage),
  response: pageOf(ZContact),
  errors: [400, 401, 403, 404],
});

export const exportContacts = defineRoute({
  id: 'contacts.export',
  method: 'GET',
  path: '/api/v1/{eventId}/contacts/export',
  summary: 'All contacts as a vCard 4.0 file (format=vcf) or a CSV file (format=csv), as an attachment',
  tags: ['contacts'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({ format: z.enum(['vcf', 'csv']) }),
  response: z.string(),
  errors: [400, 401, 403, 404],
});

export const NOTE_SUBJECTS = ['member', 'company'] as const;
export type NoteSubject = (typeof NOTE_SUBJECTS)[number];
export const NOTE_MAX = 2000;
/** How many notes one person keeps about one member or company. */
export const NOTES_PER_SUBJECT_MAX = 50;

export const ZNote = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    subject_type: z.enum(NOTE_SUBJECTS),
    subject_id: z.number().int(),
    text: z.string(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'Note' });
export type Note = z.infer<typeof ZNote>;

const ZNoteText = z.string().trim().min(1).max(NOTE_MAX);

export const listNotes = defineRoute({
  id: 'notes.list',
  method: 'GET',
  path: '/api/v1/{eventId}/notes',
  summary: "The signed-in person's private notes in this event, newest first; filter by subject",
  tags: ['notes'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({ ...ZPage, 'filter[subject_type]': z.enum(NOTE_SUBJECTS).optional(), 'filter[subject_id]': ZId.optional() }),
  response: pageOf(ZNote),
  errors: [400, 401, 403, 404],
});

export const createNote = defineRoute({
  id: 'notes.create',
  method: 'POST',
  path: '/api/v1/{eventId}/notes',
  summary: 'Write a private note about a member (membership id) or a company of this event',
  tags: ['notes'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  body: z.object({ subject_type: z.enum(NOTE_SUBJECTS), subject_id: z.number().int().min(1).max(2_147_483_647), text: ZNoteText }),
  response: dataOf(ZNote),
  status: 201,
  errors: [400, 401, 403, 404, 409],
});

export const updateNote = defineRoute({
  id: 'notes.update',
  method: 'PUT',
  path: '/api/v1/{eventId}/notes/{id}',
  summary: 'Edit one of your notes (404 for anybody else\'s)',
  tags: ['notes'],
  auth: true,
  params: z.object({ eventId: ZEventId, id: ZId }),
  body: z.object({ text: ZNoteText }),
  response: dataOf(ZNote),
  errors: [400, 401, 403, 404],
});

export const deleteNote = defineRoute({
  id: 'notes.delete',
  method: 'DELETE',
  path: '/api/v1/{eventId}/notes/{id}',
  summary: "Delete one of your notes (404 for anybody else's)",
  tags: ['notes'],
  auth: true,
  params: z.object({ eventId: ZEventId, id: ZId }),
  response: dataOf(z.object({ deleted: z.literal(true) })),
  errors: [400, 401, 403, 404],
});
