import { useState } from 'react';
import { TextsContext } from '../i18n/texts';
import { PageBlocks } from '../blocks';
import { PageContext } from '../blocks/PageContext';
import type { Launch } from '../session/readLaunch';
import type { Started } from '../session/startPlay';
import { PageBanners } from './PageBanners';
import { RewardForm } from './RewardForm';
import { usePlayPage } from './usePlayPage';

interface Props {
  campaignId: string;
  launch: Launch;
  started: Started;
}

/** The player's page: the campaign as configured, its renderer, chances, prizes and forms. */
export function PlayPage(props: Props) {
  const [notices] = useState(props.started.notices);
  const { t, state, claiming, setClaiming, submitForm } = usePlayPage(props);
  const { campaign } = state;
  return (
    <TextsContext.Provider value={t}>
      <PageContext.Provider value={state}>
        <div
          className="gp-page"
          data-testid="play-page"
          data-renderer={campaign.renderer ?? ''}
          data-can-play={state.canPlay ? 'true' : 'false'}
        >
          <PageBlocks
            blocks={campaign.page.blocks}
            before={<PageBanners preview={campaign.preview} notices={notices} />}
          />
          {claiming ? (
            <RewardForm
              reward={claiming}
              onSubmit={(values) => submitForm(claiming, values).then(() => setClaiming(null))}
              onCancel={() => setClaiming(null)}
            />
          ) : null}
        </div>
      </PageContext.Provider>
    </TextsContext.Provider>
  );
}
