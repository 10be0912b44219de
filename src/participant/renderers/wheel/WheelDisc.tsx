import type { PlayPrize } from '../../api/playTypes';
import { labelLines, sectorPath, textOn, wheelSizes } from './wheelGeometry';

const R = 96;

/**
 * The turning disc: a sector per prize in the configured colours (in turn), each with the prize's
 * name on up to two lines and its picture below, on a rim in the pointer's colour.
 */
export function WheelDisc(props: {
  sectors: PlayPrize[];
  colors: string[];
  rim: string;
  angle: number;
  duration: number;
}) {
  const { sectors, colors } = props;
  const count = sectors.length;
  const { step, fontSize, iconSize } = wheelSizes(count);
  return (
    <svg
      className="gp-wheel-disc"
      viewBox="-100 -100 200 200"
      style={{ transform: `rotate(${props.angle}deg)`, transitionDuration: `${props.duration}ms` }}
      aria-hidden="true"
    >
      <circle r="99" fill={props.rim} />
      {sectors.map((prize, i) => {
        const fill = colors[i % colors.length];
        const a0 = i * step - step / 2;
        return (
          <g key={i} data-sector-index={i} data-sector-prize={prize.id}>
            <path d={sectorPath(a0, a0 + step, R)} fill={fill} stroke="#fff" strokeWidth="0.6" />
            <g transform={`rotate(${i * step})`}>
              <text y={-R + 16} textAnchor="middle" fontSize={fontSize} fontWeight="600" fill={textOn(fill)}>
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
  );
}
