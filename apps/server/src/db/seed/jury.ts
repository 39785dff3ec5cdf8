// Demo jury voting and game polls on the summit's showcase: a jury pass held by five people of the
// summit, four criteria with a window open around the moment of seeding, scores of the finalists
// (the top page's entries), and poll questions with answers on three of the showcase's games.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { finalistsOf } from '../../modules/jury/policy.ts';
import { topOf } from '../../modules/showcase/repo.ts';
import type { Db } from '../client.ts';
import { companyUsers, eventMembers, gamePollAnswers, gamePollQuestions, juryComments, juryCriteria, juryScores, showcases, ticketTypes, users } from '../schema/index.ts';
import { demoTickets } from './demo-data.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const JURY_CRITERIA = ['Gameplay', 'Art', 'Innovation', 'Market potential'] as const;
const JURORS = 5;

/** The demo's poll questions: [text, kind, options, jury only], asked of the showcase's first accepted games. */
const POLL_QUESTIONS: { game: number; text: string; kind: 'choice' | 'text'; options: string[]; juryOnly: boolean }[] = [
  { game: 0, text: 'Would you buy it at launch?', kind: 'choice', options: ['Yes', 'Maybe, on sale', 'No'], juryOnly: false },
  { game: 0, text: 'What should the team fix before release?', kind: 'text', options: [], juryOnly: true },
  { game: 1, text: 'Which platform would you play it on?', kind: 'choice', options: ['PC', 'Console', 'Mobile'], juryOnly: false },
  { game: 2, text: 'How ready is it for a publisher?', kind: 'choice', options: ['Ready to sign', 'Needs a vertical slice', 'Too early'], juryOnly: true },
];
const TEXT_ANSWERS = ['Tighten the tutorial: the first ten minutes drag.', 'More checkpoints in the later levels.', 'The UI text is too small on a phone.', 'Add controller remapping.'];
const COMMENTS = ['Strong core loop; the art direction carries it.', 'Clever idea, still rough around the edges.', 'Clear market fit, needs more content.'];

export async function seedJuryAndPolls(tx: Tx, seeded: SeededEvents, now: number): Promise<void> {
  const summit = seeded.eventId.get('lobby-summit');
  const business = seeded.ticketId.get('lobby-summit')?.get('business');
  if (summit === undefined || business === undefined) return;
  const [showcase] = await tx.select().from(showcases).where(eq(showcases.eventId, summit)).orderBy(asc(showcases.id)).limit(1);
  if (!showcase) return;

  // Who works for which company (a company's people neither score nor answer for its games).
  const staff = await tx.select({ companyId: companyUsers.companyId, userId: companyUsers.userId, roles: companyUsers.roles }).from(companyUsers);
  const worksFor = new Set(staff.map((s) => `${s.userId}:${s.companyId}`));
  const ownGame = (userId: number, companyId: number) => worksFor.has(`${userId}:${companyId}`);
  const accounts = new Set(seeded.userId.values());
  const members = await tx
    .select({ userId: eventMembers.userId, ticketTypeId: eventMembers.ticketTypeId, first: users.firstName, companyId: users.companyId })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(eq(eventMembers.eventId, summit))
    .orderBy(asc(eventMembers.id));
  const works = (m: { userId: number; companyId: number | null }, companyId: number) => m.companyId === companyId || ownGame(m.userId, companyId);

  // The jury pass: the business pass with the jury feature, for five people of the summit (not the demo accounts).
  const base = demoTickets.find((ticket) => ticket.code === 'business');
  const [juryTicket] = await tx
    .insert(ticketTypes)
    .values({ eventId: summit, code: 'jury', name: 'Jury pass', kind: 'business', features: [...(base?.features ?? []), 'jury'], quota: 10, selfService: false, upgradeUrl: null, sort: demoTickets.length })
    .returning({ id: ticketTypes.id });
  if (!juryTicket) return;
  const jurors = members.filter((m) => m.ticketTypeId === business && !accounts.has(m.userId)).slice(0, JURORS);
  if (jurors.length > 0) {
    await tx
      .update(eventMembers)
      .set({ ticketTypeId: juryTicket.id })
      .where(
        and(
          eq(eventMembers.eventId, summit),
          inArray(
            eventMembers.userId,
            jurors.map((j) => j.userId),
          ),
        ),
      );
  }
  await tx
    .update(ticketTypes)
    .set({ issued: sql`(select count(*)::int from ${eventMembers} where ${eventMembers.ticketTypeId} = ${ticketTypes.id})` })
    .where(inArray(ticketTypes.id, [business, juryTicket.id]));

  // Criteria and a window open around the moment of seeding; results not published yet.
  await tx
    .update(showcases)
    .set({ juryStartsAt: new Date(now - DAY), juryEndsAt: new Date(now + 3 * DAY), juryResultsPublished: false })
    .where(eq(showcases.id, showcase.id));
  const criteria = await tx
    .insert(juryCriteria)
    .values(JURY_CRITERIA.map((name, position) => ({ showcaseId: showcase.id, name, description: `How strong is its ${name.toLowerCase()}?`, maxScore: 10, position })))
    .returning({ id: juryCriteria.id });

  // Scores of the finalists: each juror scores the first finalists (fewer for the later jurors), never their own company's game.
  const finalists = finalistsOf(await topOf(tx, showcase));
  const scores: (typeof juryScores.$inferInsert)[] = [];
  const comments: (typeof juryComments.$inferInsert)[] = [];
  jurors.forEach((juror, j) => {
    finalists.slice(0, Math.max(2, finalists.length - j * 2)).forEach((finalist, f) => {
      if (works(juror, finalist.row.company.id)) return;
      const at = new Date(now - (j * 5 + f + 1) * HOUR);
      criteria.forEach((criterion, c) => scores.push({ showcaseId: showcase.id, requestId: finalist.requestId, criterionId: criterion.id, userId: juror.userId, score: 4 + ((j * 3 + f * 7 + c * 5) % 7), updatedAt: at }));
      if ((j + f) % 4 === 0) comments.push({ requestId: finalist.requestId, userId: juror.userId, text: COMMENTS[(j + f) % COMMENTS.length] ?? '', updatedAt: at });
    });
  });
  if (scores.length > 0) await tx.insert(juryScores).values(scores);
  if (comments.length > 0) await tx.insert(juryComments).values(comments);

  // Poll questions on the showcase's first finalists (by their company's admin), answered by game_poll holders.
  const pollGames = finalists.slice(0, 3).map((f) => f.row);
  const features = new Map((await tx.select({ id: ticketTypes.id, features: ticketTypes.features }).from(ticketTypes).where(eq(ticketTypes.eventId, summit))).map((t) => [t.id, t.features]));
  const answerers = members.filter((m) => m.ticketTypeId !== null && (features.get(m.ticketTypeId) ?? []).includes('game_poll'));
  const adminOf = (companyId: number) => staff.find((s) => s.companyId === companyId && s.roles.includes('admin'))?.userId ?? null;
  const answers: (typeof gamePollAnswers.$inferInsert)[] = [];
  for (const [index, question] of POLL_QUESTIONS.entries()) {
    const game = pollGames[question.game];
    if (!game) continue;
    const [row] = await tx
      .insert(gamePollQuestions)
      .values({ eventId: summit, gameId: game.game.id, authorId: adminOf(game.company.id), text: question.text, kind: question.kind, options: question.options, juryOnly: question.juryOnly, position: index, createdAt: new Date(now - 5 * DAY) })
      .returning({ id: gamePollQuestions.id });
    if (!row) continue;
    const pool = answerers.filter((m) => !works(m, game.company.id)).slice(index * 3, index * 3 + (question.kind === 'text' ? TEXT_ANSWERS.length : 9));
    pool.forEach((person, a) => {
      const at = new Date(now - (index * 7 + a + 1) * HOUR);
      answers.push({ questionId: row.id, userId: person.userId, choice: question.kind === 'choice' ? (a * 7 + index) % question.options.length : null, text: question.kind === 'text' ? (TEXT_ANSWERS[a] ?? null) : null, createdAt: at, updatedAt: at });
    });
  }
  if (answers.length > 0) await tx.insert(gamePollAnswers).values(answers);
}
