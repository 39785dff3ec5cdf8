// The back office's jobs feed (organisers of the event, platform staff): set, remove, import now.
import { ErrorCode, type JobFeed } from '@lobby/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { feedUrlProblem } from '../news/policy.ts';
import { countJobs, findFeed, removeFeed, saveFeed } from './feed-repo.ts';
import { queueImport } from './jobs.ts';
import type { VacanciesContext } from './service.ts';

async function feedState(db: Db, eventId: number): Promise<JobFeed> {
  const [feed, jobs] = await Promise.all([findFeed(db, eventId), countJobs(db, eventId)]);
  return { url: feed?.url ?? null, fetched_at: feed?.fetchedAt?.toISOString() ?? null, error: feed?.error ?? null, jobs };
}

export const getJobFeed = async (ctx: VacanciesContext, eventId: number) => ({ data: await feedState(ctx.db, eventId) });

export async function setJobFeed(ctx: VacanciesContext, eventId: number, url: string | null) {
  if (url === null) {
    await removeFeed(ctx.db, eventId);
    return { data: await feedState(ctx.db, eventId) };
  }
  const problem = feedUrlProblem(url, ctx.allowPrivateFeeds);
  if (problem) throw new AppError(422, ErrorCode.vacancyFeedInvalid, problem, { fields: [{ field: 'body.url', message: problem, key: 'invalid_url', params: {} }] });
  const address = new URL(url).toString();
  await saveFeed(ctx.db, eventId, address);
  await queueImport(ctx.db, eventId);
  ctx.nudge();
  return { data: await feedState(ctx.db, eventId) };
}

export async function refreshJobFeed(ctx: VacanciesContext, eventId: number) {
  if (!(await findFeed(ctx.db, eventId))) throw new AppError(404, ErrorCode.vacancyFeedNotFound, 'This event has no jobs feed: set its address first.');
  await queueImport(ctx.db, eventId);
  ctx.nudge();
  return { data: await feedState(ctx.db, eventId) };
}
