// Game poll rules (product.md section 6: game_poll, jury-only answers; docs/decisions.md, Jury voting
// and game polls). Pure, table-tested in policy.test.ts; pollAnswersVisible, pollAnswerRefusal and
// mayEditPoll are the contract's (expo-rules.ts).
import { GAME_POLL_QUESTIONS_MAX, type PollViewer } from '@lobby/contract';

export interface PollReader {
  isStaff: boolean;
  /** event.manage: the event's organisers (and staff). */
  isOrganizer: boolean;
  /** chat.moderate: the event's moderators (member role 2), organisers and staff. */
  isModerator: boolean;
  /** voting.jury: the jury ticket feature, organisers and staff. */
  isJury: boolean;
  /** The reader's roles in the game's company, null outside it. */
  companyRoles: readonly string[] | null;
}

/** Who the reader is to a jury-only question: jury, the game's company (any role), moderators. */
export const pollViewer = (reader: PollReader): PollViewer => ({
  isJury: reader.isJury,
  isCompanyStaff: reader.companyRoles !== null,
  isModerator: reader.isStaff || reader.isOrganizer || reader.isModerator,
});

/** The game's company admins (staff count as admins of any company). */
export const isGameCompanyAdmin = (reader: Pick<PollReader, 'isStaff' | 'companyRoles'>): boolean => reader.isStaff || (reader.companyRoles?.includes('admin') ?? false);

/** A game has a poll in an event when its company takes part in the event or it has an accepted entry in one of its showcases. */
export const gameInEvent = (facts: { companyTakesPart: boolean; acceptedEntry: boolean }): boolean => facts.companyTakesPart || facts.acceptedEntry;

/** One more question fits while the game's poll in this event has fewer than the most. */
export const questionFits = (count: number): boolean => count < GAME_POLL_QUESTIONS_MAX;

export interface AnswerProblem {
  field: string;
  message: string;
  key: string;
  params: Record<string, number>;
}

/**
 * What an answer stores, or why it is refused (422 validation.failed): a choice question takes the
 * index of one of its options, a text question a text; the other field is not stored.
 */
export function answerValue(question: { kind: 'choice' | 'text'; options: readonly string[] }, body: { choice?: number | undefined; text?: string | undefined }): { choice: number | null; text: string | null } | AnswerProblem {
  if (question.kind === 'choice') {
    if (body.choice === undefined) return { field: 'body.choice', message: 'Choose one of the options.', key: 'required', params: {} };
    if (body.choice >= question.options.length) return { field: 'body.choice', message: `Must be at most ${question.options.length - 1}.`, key: 'max_value', params: { max: question.options.length - 1 } };
    return { choice: body.choice, text: null };
  }
  if (body.text === undefined || body.text === '') return { field: 'body.text', message: 'Write an answer.', key: 'required', params: {} };
  return { choice: null, text: body.text };
}

export const isProblem = (value: ReturnType<typeof answerValue>): value is AnswerProblem => 'field' in value;
