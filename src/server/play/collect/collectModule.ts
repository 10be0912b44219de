import { reportPart, type MechanicModule } from '../mechanicModule';
import {
  ask,
  claimGift,
  collectGameView,
  collectProgress,
  drawFragment,
  exchange,
  gift,
  giveAsked,
} from './collectActions';
import type { CollectSummary } from './collectStore';
import { m0028PredictCollectSummaries } from '../m0028PredictCollectSummaries';
import { collectReport } from './collectReport';
import { m0012Collect } from './m0012Collect';

/** Fragment collection: draws give fragments, a full set is exchanged for a prize, friends trade. */
export const collectModule = {
  mechanic: 'collect',
  actions: {
    drawFragment: { run: drawFragment },
    exchange: { run: exchange },
    gift: { run: gift },
    ask: { run: ask },
    claimGift: { run: claimGift },
    giveAsked: { run: giveAsked },
  },
  game: (campaign, { inLang }) => ({ collect: collectGameView(campaign, inLang) }),
  progress: (db, campaign, participant, _view, summary) =>
    collectProgress(db, campaign, participant, summary as CollectSummary | undefined),
  report: [
    reportPart({
      key: 'collect',
      when: (_row, config) => Array.isArray(config.fragments),
      read: (db, row, config, { inLang }) => collectReport(db, row.id, config, inLang),
      csv: [
        {
          section: 'collect',
          headers: {
            'zh-CN': ['碎片ID', '碎片', '概率(%)', '抽中数', '持有数', '持有人数'],
            'en-US': ['Fragment ID', 'Fragment', 'Odds (%)', 'Drawn', 'Held', 'Holders'],
          },
          rows: (collect) =>
            collect.fragments.map((f) => [f.id, f.name, f.odds, f.drawn, f.held, f.collectors]),
        },
      ],
    }),
  ],
  // 0028 is shared with match prediction (both modules list it).
  migrations: {
    '0012_collect': m0012Collect,
    '0028_predict_collect_summaries': m0028PredictCollectSummaries,
  },
} satisfies MechanicModule;
