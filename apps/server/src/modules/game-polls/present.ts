// How a game's poll reads in the API.
import type { GamePollQuestion } from '@lobby/contract';
import type { AnswerRow, QuestionRow } from './repo.ts';

export interface QuestionFacts {
  total: number;
  choices: ReadonlyMap<number, number>;
  mine: AnswerRow | undefined;
  /** The reader may see this question's answers (pollAnswersVisible). */
  visible: boolean;
  texts: readonly { userId: number; firstName: string; lastName: string; text: string | null; at: Date }[];
}

export function presentQuestion(row: QuestionRow, facts: QuestionFacts): GamePollQuestion {
  return {
    id: row.id,
    game_id: row.gameId,
    text: row.text,
    kind: row.kind,
    options: row.options,
    jury_only: row.juryOnly,
    position: row.position,
    answers_count: facts.total,
    my_answer: facts.mine ? { choice: facts.mine.choice, text: facts.mine.text, updated_at: facts.mine.updatedAt.toISOString() } : null,
    results_visible: facts.visible,
    results: facts.visible
      ? {
          counts: row.kind === 'choice' ? row.options.map((_, index) => facts.choices.get(index) ?? 0) : [],
          texts: row.kind === 'text' ? facts.texts.map((t) => ({ user_id: t.userId, name: `${t.firstName} ${t.lastName}`.trim(), text: t.text ?? '', at: t.at.toISOString() })) : [],
        }
      : null,
  };
}
