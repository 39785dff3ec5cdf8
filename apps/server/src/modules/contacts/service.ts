import type { Contact } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { pageMeta } from '../../db/sql.ts';
import { requireParticipant } from '../favorites/policy.ts';
import { presentMemberCard, type MemberCardRow } from '../favorites/present.ts';
import { connectedMembers } from './repo.ts';
import { toCsv, toVcard } from './format.ts';

/** An export holds at most this many contacts: far more than anyone meets at one event. */
export const EXPORT_MAX = 5000;

type ContactRow = MemberCardRow & { starredAt: Date | null; metAt: Date | null; chattedAt: Date | null; exchangedAt: Date | null };

function presentContact(secret: string, row: ContactRow): Contact {
  return {
    ...presentMemberCard(secret, row, true),
    connected_via: [...(row.starredAt ? (['favorite'] as const) : []), ...(row.metAt ? (['meeting'] as const) : []), ...(row.chattedAt ? (['chat'] as const) : []), ...(row.exchangedAt ? (['badge'] as const) : [])],
    // The same rule as the member page: contact details only where the person allows them.
    email: row.user.showEmail ? row.user.email : null,
    phone: row.user.showPhone ? row.user.phone : null,
  };
}

async function contactsOf(db: Db, source: AccessSource, eventId: number, limit: number, offset: number) {
  const access = await requireParticipant(db, source, eventId);
  // Organisers and staff without a membership cannot be starred back or met, so they have no contacts.
  if (!access.member) return { rows: [], total: 0 };
  return connectedMembers(db, eventId, access.userId, access.member.id, limit, offset);
}

export async function listContacts(db: Db, secret: string, source: AccessSource, eventId: number, page: number, perPage: number) {
  const { rows, total } = await contactsOf(db, source, eventId, perPage, (page - 1) * perPage);
  return { data: rows.map((row) => presentContact(secret, row)), meta: pageMeta(page, perPage, total) };
}

export async function exportContacts(db: Db, secret: string, publicUrl: string, source: AccessSource, eventId: number, format: 'vcf' | 'csv') {
  const { rows } = await contactsOf(db, source, eventId, EXPORT_MAX, 0);
  const [event] = await db.select({ slug: events.slug }).from(events).where(eq(events.id, eventId)).limit(1);
  const slug = (event?.slug ?? String(eventId)).replace(/[^A-Za-z0-9_-]/g, '-');
  const items = rows.map((row) => ({ contact: presentContact(secret, row), url: `${publicUrl}/events/${event?.slug ?? eventId}/members/${row.member.id}` }));
  return { filename: `contacts-${slug}.${format}`, body: format === 'vcf' ? toVcard(items) : toCsv(items), type: format === 'vcf' ? 'text/vcard; charset=utf-8' : 'text/csv; charset=utf-8' };
}
