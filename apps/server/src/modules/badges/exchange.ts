// A member's own badge ("My badge": the QR they show) and contact exchange by scanning another
// member's badge (issue 17): both then appear in each other's /contacts.
import { contactPair, ErrorCode, exchangeRefusal, leadRole, type Language, type MyBadge } from '@lobby/contract';
import type { AccessSource } from '../../access/access.ts';
import { AppError } from '../../http/errors.ts';
import { presentMemberCard } from '../favorites/present.ts';
import { requireHolder } from './access.ts';
import { insertExchange, leadCompaniesOf, memberCardOf } from './exchange-repo.ts';
import { presentPrintable } from './present.ts';
import { brandingOf, checkedInAt, issueBadge, liveBadgeOf, printableRows } from './repo.ts';
import { resolveScan } from './scan.ts';
import type { BadgeContext } from './service.ts';

/** The person's live badge, issued now when they have none (two first uses at once share one). */
async function ownBadgeId(ctx: BadgeContext, eventId: number, userId: number): Promise<number> {
  const live = await liveBadgeOf(ctx.db, eventId, userId);
  if (live !== null) return live;
  const issued = (await issueBadge(ctx.db, eventId, userId)) ?? (await liveBadgeOf(ctx.db, eventId, userId));
  if (issued === null) throw new Error('no live badge after issuing one');
  return issued;
}

export async function myBadge(ctx: BadgeContext, source: AccessSource, eventId: number, lang: Language): Promise<{ data: MyBadge }> {
  const access = await requireHolder(source, eventId);
  const badgeId = await ownBadgeId(ctx, eventId, access.userId);
  const [[row], branding, arrived, companies] = await Promise.all([
    printableRows(ctx.db, eventId, [badgeId]),
    brandingOf(ctx.db, eventId),
    checkedInAt(ctx.db, eventId, access.userId),
    leadCompaniesOf(ctx.db, eventId, access.userId),
  ]);
  if (!row || !branding) throw new AppError(404, ErrorCode.badgeNotFound, 'Your badge was not found.');
  return {
    data: {
      ...presentPrintable(row, branding, lang, ctx.signer),
      checked_in_at: arrived?.toISOString() ?? null,
      lead_companies: companies.flatMap((company) => {
        const role = leadRole(company.roles, false);
        return role ? [{ id: company.id, name: company.name, role }] : [];
      }),
    },
  };
}

export async function exchange(ctx: BadgeContext & { secret: string }, source: AccessSource, eventId: number, qr: string) {
  const access = await requireHolder(source, eventId);
  const holder = await resolveScan(ctx.db, ctx.signer, eventId, qr);
  if (exchangeRefusal(access.userId, holder.userId) === 'self') {
    const message = "That is your own badge: scan the other person's.";
    throw new AppError(422, ErrorCode.badgeSelf, message, { fields: [{ field: 'body.qr', message, key: 'invalid', params: {} }] });
  }
  const { low, high } = contactPair(access.userId, holder.userId);
  const created = await insertExchange(ctx.db, eventId, low, high);
  const card = await memberCardOf(ctx.db, eventId, holder.userId, access.userId);
  if (!card) throw new AppError(404, ErrorCode.memberNotFound, 'The holder of this badge is no longer a member of the event.');
  return { data: { contact: presentMemberCard(ctx.secret, card, card.starred), created } };
}
