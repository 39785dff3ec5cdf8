// The company hears of a response (e-mail type 3 JobApplication): each of its admins in their own
// language, with the event's own template of that type when organisers wrote one.
import { EmailType, LANGUAGES, type Language } from '@lobby/contract';
import { eq } from 'drizzle-orm';
import { events, users } from '../../db/schema/index.ts';
import type { JobApplicationMail } from '../../mail/templates.ts';
import { eventMailOverride } from '../emails/service.ts';
import type { VacancyRow } from './repo.ts';
import { companyAdmins } from './response-repo.ts';
import type { VacanciesContext } from './service.ts';

const languageOf = (value: string | null | undefined): Language => ((LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en');
const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** The company settings page of the vacancy's responses (outside any event: the company is everywhere). */
export const responsesLink = (publicUrl: string, vacancyId: number) => `${publicUrl}/profile/settings/company-vacancies/${vacancyId}/responses`;

/**
 * Mails each admin of the vacancy's company who did not turn mail notices off. Answers how many
 * mails were written.
 */
export async function mailCompanyAdmins(ctx: VacanciesContext, input: { eventId: number; vacancy: VacancyRow; applicantId: number; message: string }): Promise<number> {
  const [[event], [applicant], admins] = await Promise.all([
    ctx.db.select({ name: events.name }).from(events).where(eq(events.id, input.eventId)).limit(1),
    ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, input.applicantId)).limit(1),
    companyAdmins(ctx.db, input.vacancy.companyId),
  ]);
  const link = responsesLink(ctx.publicUrl, input.vacancy.id);
  let sent = 0;
  for (const admin of admins) {
    if (admin.disableEmailNotifications || admin.id === input.applicantId) continue;
    const language = languageOf(admin.language);
    const mail: JobApplicationMail = {
      kind: 'job_application',
      link,
      name: admin.firstName,
      event: event?.name ?? '',
      applicant: applicant ? fullName(applicant) : '',
      vacancy: input.vacancy.title,
      message: input.message,
    };
    const override = await eventMailOverride(ctx.db, input.eventId, EmailType.JobApplication, language, {
      name: mail.name,
      event: mail.event,
      link,
      applicant: mail.applicant,
      vacancy: mail.vacancy,
      message: mail.message,
    });
    await ctx.mailer.send(admin.email, mail, language, override);
    sent += 1;
  }
  return sent;
}
