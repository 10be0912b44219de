import { m0008Quiz } from './m0008Quiz';
import { reportPart, type MechanicModule } from '../mechanicModule';
import { answerQuiz, startQuiz } from './quizActions';
import { quizQuestionViews } from './quizView';
import { quizReport } from './quizReport';

/** The prize quiz: an attempt spends a chance and asks the server's questions; the answer is scored. */
export const quizModule = {
  mechanic: 'quiz',
  actions: {
    startQuiz: {
      run: startQuiz,
      // The stored result names the questions; the page gets their texts in its language.
      answer: (result, campaign, language) => ({
        questions: quizQuestionViews(campaign, result.questionIds, language),
      }),
      countsAsPlay: true,
    },
    answer: { run: answerQuiz },
  },
  report: [
    reportPart({
      key: 'quiz',
      when: (_row, config) => Array.isArray(config.questions),
      read: (db, row, config, { inLang }) => quizReport(db, row.id, config, inLang),
      csv: [
        {
          section: 'quiz',
          headers: {
            'zh-CN': [
              '题目ID',
              '题目',
              '出题次数',
              '作答次数',
              '答对次数',
              '选项ID',
              '选项',
              '正确答案',
              '选择次数',
            ],
            'en-US': [
              'Question ID',
              'Question',
              'Asked',
              'Answered',
              'Right',
              'Option ID',
              'Option',
              'Right answer',
              'Picks',
            ],
          },
          // One row per option, its question's figures repeated (a sheet filters and pivots on them).
          rows: (quiz) =>
            quiz.questions.flatMap((q) =>
              q.options.map((o) => [
                q.id,
                q.title,
                q.asked,
                q.answered,
                q.right,
                o.id,
                o.text,
                o.isAnswer,
                o.picks,
              ]),
            ),
        },
      ],
    }),
  ],
  migrations: { '0008_quiz': m0008Quiz },
} satisfies MechanicModule;
