import { useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/texts';
import type { RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { useDrawRound } from '../useDrawRound';
import { useAutoDraw } from '../useAutoDraw';
import { prefersReducedMotion, wait } from '../loadImage';
import { labelLines, landingAngle, sectorPath, sectorsOf, textOn, wheelSectors } from './wheelGeometry';

const DEFAULT_COLORS = ['#ffd666', '#fff1b8'];
const SPIN_MS = 4600;
const R = 96;

/**
 * The lucky wheel: one sector per prize in the configured colours, a pointer at the top, and a
 * spin that stops on the sector of the prize the server drew.
 */
export function WheelRenderer(props: RendererProps) {
  const t = useT();
  const { prizes, game, disabled, button, autoDraw, onClaim } = props;
  const sectors = useMemo(() => wheelSectors(prizes), [prizes]);
  const colors = game.wheel?.sectorColors.length ? game.wheel.sectorColors : DEFAULT_COLORS;
  const pointerColor = game.wheel?.pointerColor ?? '#f5222d';
  const [angle, setAngle] = useState(0);
  const [duration, setDuration] = useState(0);
  const [landed, setLanded] = useState<number | null>(null);
  const round = useDrawRound(props);
  const angleRef = useRef(0);

  const spin = () =>
    round.start(async (result) => {
      const candidates = sectorsOf(sectors, result.prize);
      const index = candidates.length ? candidates[Math.floor(Math.random() * candidates.length)] : null;
      setLanded(null);
      if (index === null) return;
      const still = prefersReducedMotion();
      // Somewhere inside the sector, never on its edge.
      const next = landingAngle(
        angleRef.current,
        index,
        sectors.length,
        still ? 1 : 6,
        Math.random() * 0.6 - 0.3,
      );
      angleRef.current = next;
      setDuration(still ? 0 : SPIN_MS);
      setAngle(next);
      await wait(still ? 0 : SPIN_MS + 80);
      setLanded(index);
    });

  useAutoDraw(autoDraw, () => void spin());

  const count = sectors.length;
  const step = count ? 360 / count : 360;
  const fontSize = count <= 6 ? 9 : count <= 10 ? 7.5 : 6;
  // Prize pictures as large as the sector allows below its name.
  const iconSize = count <= 6 ? 30 : count <= 10 ? 24 : 20;
  const off = disabled || count === 0;
  const buttonStyle = { background: button.color ?? undefined, color: button.textColor ?? undefined };
  const landedPrize = landed !== null ? sectors[landed] : null;

  return (
    <div className="gp-renderer gp-wheel-area">
      <div
        className="gp-wheel"
        data-testid="wheel"
        data-angle={angle}
        data-sectors={count}
        data-spinning={round.phase === 'landing' ? 'true' : 'false'}
      >
        <svg
          className="gp-wheel-disc"
          viewBox="-100 -100 200 200"
          style={{ transform: `rotate(${angle}deg)`, transitionDuration: `${duration}ms` }}
          aria-hidden="true"
        >
          <circle r="99" fill={pointerColor} />
          {sectors.map((prize, i) => {
            const fill = colors[i % colors.length];
            const a0 = i * step - step / 2;
            return (
              <g key={i} data-sector-index={i} data-sector-prize={prize.id}>
                <path d={sectorPath(a0, a0 + step, R)} fill={fill} stroke="#fff" strokeWidth="0.6" />
                <g transform={`rotate(${i * step})`}>
                  <text
                    y={-R + 16}
                    textAnchor="middle"
                    fontSize={fontSize}
                    fontWeight="600"
                    fill={textOn(fill)}
                  >
                    {labelLines(prize.name, count).map((text, line) => (
                      <tspan key={line} x="0" dy={line === 0 ? 0 : fontSize * 1.15}>
                        {text}
                      </tspan>
                    ))}
                  </text>
                  {prize.image ? (
                    <image
                      href={prize.image}
                      x={-iconSize / 2}
                      y={-R + 30}
                      width={iconSize}
                      height={iconSize}
                      preserveAspectRatio="xMidYMid meet"
                    />
                  ) : null}
                </g>
              </g>
            );
          })}
        </svg>
        {game.wheel?.pointerImage ? (
          <img className="gp-wheel-pointer-img" src={game.wheel.pointerImage} alt="" />
        ) : (
          <svg className="gp-wheel-pointer" viewBox="0 0 20 24" aria-hidden="true">
            <path d="M0 0H20L10 24Z" fill={pointerColor} stroke="#fff" strokeWidth="1.5" />
          </svg>
        )}
        <button
          type="button"
          className="gp-wheel-go"
          style={buttonStyle}
          disabled={off || round.busy}
          onClick={() => void spin()}
          data-testid="draw-button"
        >
          {round.running ? '…' : t('draw.button')}
        </button>
        {landedPrize && round.phase === 'shown' ? (
          <span className="gp-sr-only" data-landed="true" data-prize-id={landedPrize.id}>
            {landedPrize.name}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={buttonStyle}
        disabled={off || round.busy}
        onClick={() => void spin()}
      >
        {round.running ? t('draw.busy') : (button.text ?? t('draw.button'))}
      </button>
      {round.result ? <ResultDialog result={round.result} onClose={round.close} onClaim={onClaim} /> : null}
    </div>
  );
}
