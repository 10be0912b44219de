import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { list } from '../playCampaign';
import './quizTables';

/** The quiz's report section: attempts, scores and how each question was answered. */
export interface QuizReport {
  attempts: number;
  answered: number;
  /** Answers after the time limit (scored 0). */
  timedOut: number;
  /** Mean score of the answered attempts (two decimals). */
  averageScore: number;
  fullMarks: number;
  /** Answered attempts per score, highest first. */
  scores: { score: number; attempts: number }[];
  questions: {
    id: string;
    title: string;
    asked: number;
    answered: number;
    right: number;
    options: { id: string; text: string; isAnswer: boolean; picks: number }[];
  }[];
}

/**
 * Reads every attempt of the campaign (one row each, so this stays a single scan) and counts, per
 * question of the bank, how often it was asked, answered and answered right, and each option's
 * picks: the answer distribution an operator reads to see which questions were too hard.
 */
export async function quizReport(
  db: Kysely<Database>,
  campaignId: string,
  config: Record<string, unknown>,
  inLang: (value: unknown) => string,
): Promise<QuizReport> {
  const rows = await db
    .selectFrom('play_quiz_attempts')
    .select(['questions', 'picks', 'answered_at', 'score_hundredths', 'possible_hundredths', 'outcome'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const bank = list(config.questions);
  const stats = new Map(
    bank.map((q) => {
      const answers = new Set(Array.isArray(q.answers) ? q.answers.map(String) : []);
      return [
        String(q.id),
        {
          id: String(q.id),
          title: inLang(q.title),
          asked: 0,
          answered: 0,
          right: 0,
          answers,
          options: list(q.options).map((o) => ({
            id: String(o.id),
            text: inLang(o.text),
            isAnswer: answers.has(String(o.id)),
            picks: 0,
          })),
        },
      ];
    }),
  );
  const byScore = new Map<number, number>();
  let answered = 0;
  let timedOut = 0;
  let total = 0;
  let fullMarks = 0;
  for (const row of rows) {
    const asked = JSON.parse(row.questions) as string[];
    for (const id of asked) {
      const question = stats.get(id);
      if (question) question.asked += 1;
    }
    if (row.answered_at === null) continue;
    answered += 1;
    if (row.outcome === 'timeUp') timedOut += 1;
    const score = row.score_hundredths ?? 0;
    total += score;
    if (score > 0 && score === row.possible_hundredths) fullMarks += 1;
    byScore.set(score, (byScore.get(score) ?? 0) + 1);
    if (row.outcome === 'timeUp') continue;
    const picks = JSON.parse(row.picks ?? '{}') as Record<string, string[]>;
    for (const id of asked) {
      const question = stats.get(id);
      const picked = Object.hasOwn(picks, id) ? new Set(picks[id]) : new Set<string>();
      if (!question || picked.size === 0) continue;
      question.answered += 1;
      if (picked.size === question.answers.size && [...question.answers].every((a) => picked.has(a)))
        question.right += 1;
      for (const option of question.options) if (picked.has(option.id)) option.picks += 1;
    }
  }
  return {
    attempts: rows.length,
    answered,
    timedOut,
    averageScore: answered === 0 ? 0 : Math.round(total / answered) / 100,
    fullMarks,
    scores: [...byScore.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([score, attempts]) => ({ score: score / 100, attempts })),
    questions: [...stats.values()].map(({ answers: _answers, ...question }) => question),
  };
}
