import { ErrorCode, unknownTimezoneMessage, type AdminEvent, type EventInput, type Language } from '@lobby/contract';
import { and, asc, count, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { EventAccess } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { eventMembers, events, media, meetingPoints } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { presentEvent } from '../events/present.ts';
import { findBrandings, withRelations } from '../events/repo.ts';
import { presentTicketType } from '../members/present.ts';
import { listTicketTypes } from '../members/repo.ts';
import { canonicalTimezone } from '../timezones/service.ts';

const mimeOf = (url: string): string => {
  const extension = /\.([a-z0-9]+)(?:$|[?#])/i.exec(url)?.[1]?.toLowerCase();
  return ({ svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as Record<string, string>)[extension ?? ''] ?? 'image/*';
};

const fieldError = (status: number, code: string, field: string, message: string) => new AppError(status, code, message, { fields: [{ field: `body.${field}`, message }] });

async function checkInput(db: Db, input: EventInput, exceptId?: number): Promise<string> {
  const [taken] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.slug, input.slug), exceptId === undefined ? undefined : ne(events.id, exceptId)))
    .limit(1);
  if (taken) throw fieldError(409, ErrorCode.slugTaken, 'slug', `The address "${input.slug}" is taken by another event.`);
  const timezone = await canonicalTimezone(db, input.timezone);
  if (!timezone) throw fieldError(422, ErrorCode.timezoneUnknown, 'timezone', unknownTimezoneMessage(input.timezone));
  return timezone;
}

const columns = (input: EventInput, timezone: string) => ({
  slug: input.slug,
  name: input.name,
  tagline: input.tagline || null,
  previewDescription: input.preview_description || null,
  description: input.description || null,
  dateFrom: new Date(input.date_from),
  dateTo: new Date(input.date_to),
  hubDateFrom: input.hub_date_from ? new Date(input.hub_date_from) : null,
  hubDateTo: input.hub_date_to ? new Date(input.hub_date_to) : null,
  timezone,
  isOnline: input.is_online,
  isOnsite: input.is_onsite,
  isAllUsers: input.is_all_users,
  autoReg: input.auto_reg,
  active: input.active,
  latitude: input.latitude ?? null,
  longitude: input.longitude ?? null,
  fullAddress: input.full_address || null,
  addressLink: input.address_link || null,
  requiredFields: input.required_fields,
  config: input.config,
  updatedAt: new Date(),
});

/** Meeting points by name: kept names keep their location id, so booked meetings stay valid. */
async function syncPoints(db: Db, eventId: number, names: string[]): Promise<void> {
  const unique = [...new Set(names)];
  await db.delete(meetingPoints).where(and(eq(meetingPoints.eventId, eventId), unique.length > 0 ? notInArray(meetingPoints.name, unique) : undefined));
  for (const [sort, name] of unique.entries()) {
    await db
      .insert(meetingPoints)
      .values({ eventId, name, sort })
      .onConflictDoUpdate({ target: [meetingPoints.eventId, meetingPoints.name], set: { sort } });
  }
}

/** Logo and background by locale: English from logo_url/background_url, ru and zh from localized_media. */
async function syncPictures(db: Db, eventId: number, input: EventInput): Promise<void> {
  const replace = async (category: 'logo' | 'background', locale: string, url: string | null | undefined) => {
    await db.delete(media).where(and(eq(media.ownerType, 'event'), eq(media.ownerId, eventId), eq(media.category, category), eq(media.locale, locale)));
    if (url) await db.insert(media).values({ ownerType: 'event', ownerId: eventId, category, locale, url, mimeType: mimeOf(url) });
  };
  if (input.logo_url !== undefined) await replace('logo', 'en', input.logo_url);
  if (input.background_url !== undefined) await replace('background', 'en', input.background_url);
  if (input.localized_media !== undefined) {
    for (const category of ['logo', 'background'] as const) {
      for (const locale of ['ru', 'zh'] as const) {
        await replace(category, locale, input.localized_media.find((item) => item.category === category && item.locale === locale)?.url ?? null);
      }
    }
  }
}

export async function createEvent(db: Db, input: EventInput, creatorId: number): Promise<number> {
  const timezone = await checkInput(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(events).values(columns(input, timezone)).returning({ id: events.id });
    if (!row) throw new Error('no event row');
    await syncPoints(tx, row.id, input.points);
    await syncPictures(tx, row.id, input);
    await tx.insert(eventMembers).values({ eventId: row.id, userId: creatorId, isOrganizer: true, roleIds: [1] });
    return row.id;
  });
}

export async function updateEvent(db: Db, eventId: number, input: EventInput): Promise<void> {
  const timezone = await checkInput(db, input, eventId);
  await db.transaction(async (tx) => {
    await tx.update(events).set(columns(input, timezone)).where(eq(events.id, eventId));
    await syncPoints(tx, eventId, input.points);
    await syncPictures(tx, eventId, input);
  });
}

export async function adminEvent(db: Db, eventId: number, access: EventAccess, lang: Language): Promise<AdminEvent> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw new AppError(404, ErrorCode.eventNotFound, `Event ${eventId} was not found.`);
  const [[record], types, banners, [members]] = await Promise.all([
    withRelations(db, [event]),
    listTicketTypes(db, eventId),
    findBrandings(db, eventId),
    db.select({ n: count() }).from(eventMembers).where(eq(eventMembers.eventId, eventId)),
  ]);
  return {
    ...presentEvent(record ?? { event, media: [], points: [] }, lang, new Date(), 'organiser'),
    ticket_types: types.map(presentTicketType),
    brandings: banners.map((row) => ({ id: row.id, place_id: row.place as AdminEvent['brandings'][number]['place_id'], title: row.title, image_url: row.imageUrl, link_url: row.linkUrl })),
    members_count: members?.n ?? 0,
    abilities: [...access.permissions].sort(),
  };
}

/** Events the person runs; platform staff see all of them. */
export async function manageableEvents(db: Db, access: EventAccess, lang: Language) {
  const organised = access.isStaff
    ? undefined
    : sql`${events.id} in (select ${eventMembers.eventId} from ${eventMembers} where ${eventMembers.userId} = ${access.userId} and ${eventMembers.isOrganizer})`;
  const rows = await db.select().from(events).where(organised).orderBy(asc(events.dateFrom), asc(events.id));
  const records = await withRelations(db, rows);
  const now = new Date();
  return records.map((record) => presentEvent(record, lang, now, 'organiser'));
}

