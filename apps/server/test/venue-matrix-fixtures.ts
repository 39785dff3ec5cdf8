// The authorisation matrix's badges and leads: fresh members of the event (or of another one) with
// a live badge and its QR value, and leads of the companyAdmin actor's company and of another
// company of the event.
import { badges, companies, eventCompanies, leads } from '../src/db/schema/index.ts';
import { badgeSigner } from '../src/modules/badges/qr.ts';
import { addMembership, createUser } from './factories.ts';
import type { TestApp } from './harness.ts';

export function venueMatrix(t: TestApp, ids: () => { eventId: number; otherEventId: number; companyId: number }) {
  const db = () => t.database.db;
  const signer = badgeSigner(t.config.secret);
  /** A fresh member of the event (or the other one), for rows that print, scan or capture them. */
  const member = async (other = false) => {
    const user = await createUser(db());
    const { eventId, otherEventId } = ids();
    await addMembership(db(), other ? otherEventId : eventId, user.id);
    return user.id;
  };
  /** A fresh member with a live badge: ids and the QR value. */
  const badge = async (other = false) => {
    const userId = await member(other);
    const { eventId, otherEventId } = ids();
    const [row] = await db()
      .insert(badges)
      .values({ eventId: other ? otherEventId : eventId, userId })
      .returning();
    if (!row) throw new Error('no badge');
    return { userId, badgeId: row.id, qr: signer.qrOf(row.id) };
  };
  /** A lead of the companyAdmin's company, or of another company of the event. */
  const lead = async (otherCompany = false) => {
    const { eventId, companyId } = ids();
    let owner = companyId;
    if (otherCompany) {
      const [company] = await db().insert(companies).values({ name: 'Matrix rival' }).returning();
      if (!company) throw new Error('no company');
      await db().insert(eventCompanies).values({ eventId, companyId: company.id });
      owner = company.id;
    }
    const [row] = await db()
      .insert(leads)
      .values({ eventId, companyId: owner, userId: await member() })
      .returning();
    if (!row) throw new Error('no lead');
    return row.id;
  };
  return { member, badge, lead };
}
