import { ErrorCode, type Language, type MemberProfile } from '@lobby/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AccessSource } from '../../access/access.ts';
import type { Db } from '../../db/client.ts';
import { eventMembers, users } from '../../db/schema/index.ts';
import { fileUrls } from '../../files/urls.ts';
import { AppError } from '../../http/errors.ts';
import { labelsOf, loadDictionaries } from '../dictionaries/service.ts';
import { cardColumns, cardSource, membershipScope, type CardRow } from './directory-query.ts';
import { openDirectory } from './gate.ts';
import { visibleContacts } from './policy.ts';
import { presentCard } from './present-card.ts';

const profileColumns = {
  bio: users.bio,
  portfolio: users.portfolio,
  linkedin: users.linkedin,
  whatsapp: users.whatsapp,
  contacts: users.contacts,
  email: users.email,
  phone: users.phone,
  showEmail: users.showEmail,
  showPhone: users.showPhone,
  city: users.city,
  geo: users.geo,
  offerIds: users.offerIds,
  lookingIds: users.lookingIds,
  timezone: users.timezone,
};
type ProfileRow = CardRow & { [K in keyof typeof profileColumns]: (typeof profileColumns)[K]['_']['notNull'] extends true ? (typeof profileColumns)[K]['_']['data'] : (typeof profileColumns)[K]['_']['data'] | null };

/**
 * One member's page. The id is a membership of this event, or (as the directory's show_previous
 * lists them) a person's latest membership of an earlier event who is not a member here; any
 * other event's membership id is a 404, never someone else's profile.
 */
export async function memberPage(db: Db, secret: string, source: AccessSource, eventId: number, memberId: number, lang: Language): Promise<MemberProfile> {
  const event = await openDirectory(db, source, eventId);
  const reader = event.access.userId ?? 0;
  const [row] = (await cardSource(db, { ...cardColumns(event.id, reader), ...profileColumns })
    .where(and(eq(eventMembers.id, memberId), sql`(${eventMembers.eventId} = ${event.id} or ${membershipScope(event, true)})`))
    .limit(1)) as unknown as ProfileRow[];
  if (!row) throw new AppError(404, ErrorCode.memberNotFound, 'This person is not a member of this event.');
  const dictionaries = await loadDictionaries(db, event.id);
  const isMe = row.userId === reader;
  const shown = visibleContacts(row, isMe);
  const card = presentCard(row, fileUrls(secret));
  return {
    ...card,
    user: {
      ...card.user,
      bio: row.bio,
      portfolio: row.portfolio,
      linkedin: row.linkedin,
      whatsapp: row.whatsapp,
      contacts: { facebook: row.contacts.facebook ?? null, telegram: row.contacts.telegram ?? null, wechat: row.contacts.wechat ?? null },
      email: shown.email ? row.email : null,
      phone: shown.phone ? row.phone : null,
      city: row.city,
      geo: row.geo,
      offer: labelsOf(dictionaries, 'user.can_offer', lang, row.offerIds),
      looking: labelsOf(dictionaries, 'user.looking_for', lang, row.lookingIds),
      timezone: row.timezone,
    },
    is_me: isMe,
  };
}
