// The authorisation matrix's vacancies: an open vacancy and a draft of the company the companyAdmin
// actor runs (taking part in the event), a vacancy of a company of another event only, responses
// to both, and the event's jobs feed. Fresh vacancies on demand for the rows that delete them.
import { jobFeeds, users, vacancies, vacancyResponses } from '../src/db/schema/index.ts';
import type { TestApp } from './harness.ts';

export async function vacanciesMatrix(t: TestApp, w: { eventId: number; companyId: number; otherCompanyId: number }) {
  const { db } = t.database;
  const vacancy = async (companyId: number, values: Partial<typeof vacancies.$inferInsert> = {}) => {
    const [row] = await db.insert(vacancies).values({ companyId, title: 'Matrix role', seniority: 'junior', ...values }).returning();
    if (!row) throw new Error('no vacancy row');
    return row.id;
  };
  const applicant = async () => {
    const [row] = await db.insert(users).values({ email: `applicant-${Math.random().toString(36).slice(2)}@example.test`, firstName: 'Matrix', lastName: 'Applicant' }).returning();
    if (!row) throw new Error('no user row');
    return row.id;
  };
  const response = async (vacancyId: number) => {
    const [row] = await db
      .insert(vacancyResponses)
      .values({ vacancyId, userId: await applicant(), eventId: w.eventId, message: 'Matrix', cvKey: 'cv-matrix.pdf', cvName: 'cv.pdf', cvType: 'application/pdf', cvSize: 10 })
      .returning();
    if (!row) throw new Error('no response row');
    return row.id;
  };
  const openId = await vacancy(w.companyId);
  const otherId = await vacancy(w.otherCompanyId);
  await db.insert(jobFeeds).values({ eventId: w.eventId, url: 'https://jobs.matrix.test/feed.json' });
  return {
    openId,
    draftId: await vacancy(w.companyId, { published: false }),
    otherId,
    responseId: await response(openId),
    otherResponseId: await response(otherId),
    fresh: () => vacancy(w.companyId),
  };
}
