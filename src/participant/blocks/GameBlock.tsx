import type { BlockView, CampaignView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { RendererView } from '../renderers';
import { formatTime } from '../page/formatTime';
import { StartCountdown } from '../page/StartCountdown';
import { StatusLine } from '../page/StatusLine';
import { usePage } from './PageContext';

/**
 * The game area: the page title and the campaign's time (each may be hidden), the start
 * countdown and preheat image, the gameplay's renderer with its button (bound to `buttons`), and
 * what the player can do now. A gameplay this page cannot play shows its prizes instead.
 */
export function GameBlock({ block }: { block: BlockView }) {
  const page = usePage();
  const t = useT();
  const { campaign, me } = page;
  const notStarted = campaign.joinState === 'notStarted' || campaign.page.preheat?.active === true;
  return (
    <div className="gp-game" data-testid="game">
      {block.props.showTitle !== false ? <h1 className="gp-title">{campaign.page.pageTitle}</h1> : null}
      {block.props.showTime !== false ? (
        <p className="gp-time">
          {formatTime(campaign.startTime, campaign.timezone, false)} -{' '}
          {formatTime(campaign.endTime, campaign.timezone)}
        </p>
      ) : null}
      {notStarted && !page.editing ? (
        <StartCountdown
          startTime={campaign.startTime}
          image={campaign.page.preheat?.active ? campaign.page.preheat.image : null}
          onStart={page.refresh}
        />
      ) : null}
      {page.rendererName ? (
        <section className="gp-stage">
          <RendererView
            name={page.rendererName}
            prizes={campaign.prizes}
            game={campaign.game}
            onDraw={page.onDraw}
            act={page.act}
            progress={me.progress}
            disabled={!page.canPlay}
            button={campaign.page.buttons}
            autoDraw={page.autoDraw}
            onLanded={page.onLanded}
            onClaim={page.onClaim}
          />
        </section>
      ) : (
        <PrizeList prizes={campaign.prizes.filter((p) => !p.isThank)} />
      )}
      {page.drawIn !== null ? (
        <p className="gp-banner" role="timer" data-testid="draw-countdown">
          {t('countdown.drawIn', { seconds: page.drawIn })}
        </p>
      ) : null}
      <StatusLine me={me} reason={page.reason} preview={campaign.preview} />
      {page.line ? (
        <p
          className={`gp-line${page.line.error ? ' gp-line-error' : ''}`}
          role={page.line.error ? 'alert' : 'status'}
          data-testid="play-line"
        >
          {page.line.text}
        </p>
      ) : null}
    </div>
  );
}

function PrizeList({ prizes }: { prizes: CampaignView['prizes'] }) {
  if (prizes.length === 0) return null;
  return (
    <ul className="gp-card gp-prize-list">
      {prizes.map((prize) => (
        <li key={prize.id}>
          {prize.image ? <img src={prize.image} alt="" /> : null}
          <span>{prize.name}</span>
        </li>
      ))}
    </ul>
  );
}
