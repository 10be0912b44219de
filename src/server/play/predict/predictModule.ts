import { reportPart, type MechanicModule } from '../mechanicModule';
import { m0009Predict } from './m0009Predict';
import { m0028PredictCollectSummaries } from '../m0028PredictCollectSummaries';
import { predict, predictGameView, predictProgress, type PredictSummary } from './predictActions';
import { predictRoutes } from './predictRoutes';
import { predictConsoleView } from './predictService';

/** Match prediction and voting: one pick per match, settled once the operator enters the results. */
export const predictModule = {
  mechanic: 'predict',
  actions: { predict: { run: predict } },
  game: (campaign, { inLang }) => ({ predict: predictGameView(campaign, inLang) }),
  progress: (db, campaign, participant, { now }, summary) =>
    predictProgress(db, campaign, participant, now, summary as PredictSummary | undefined),
  report: [
    reportPart({
      key: 'predict',
      when: (row, config) => row.mark === 'match-prediction' || Array.isArray(config.matches),
      read: (db, row, _config, { lang }) => predictConsoleView(db, row, lang),
      csv: [
        {
          section: 'predict',
          headers: {
            'zh-CN': ['比赛ID', '比赛', '结果', '选项ID', '选项', '选择人数', '是否为结果'],
            'en-US': ['Match ID', 'Match', 'Result', 'Option ID', 'Option', 'Picks', 'Is the result'],
          },
          rows: (predicted) =>
            predicted.matches.flatMap((m) =>
              m.options.map((o) => [m.id, m.title, m.result, o.id, o.label, o.picks, o.id === m.result]),
            ),
        },
      ],
    }),
  ],
  // 0028 is shared with fragment collection (both modules list it).
  migrations: {
    '0009_predict': m0009Predict,
    '0028_predict_collect_summaries': m0028PredictCollectSummaries,
  },
  routes: predictRoutes,
} satisfies MechanicModule;
