import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { clampRect, round4 } from '../../../engine/page/hotzoneGeometry';
import type { Zone } from './hotzones';

interface Props {
  zone: Zone;
  /** The smallest zone, in percent of the image. */
  min: { width: number; height: number };
  onChange(change: Partial<Zone>): void;
}

/** A zone's position and size typed exactly, in percent of the image; the zone stays inside it and at least `min`. */
export function ZoneRectInputs({ zone, min, onChange }: Props) {
  const { t } = useTranslation('wizard');
  return (
    <Space wrap>
      {(['x', 'y', 'width', 'height'] as const).map((key) => (
        <label key={key} className="gc-hz-num">
          <span>{t(`pageEditor.zones.${key}`)}</span>
          <InputNumber
            size="small"
            min={key === 'width' ? min.width : key === 'height' ? min.height : 0}
            max={100}
            step={0.1}
            precision={4}
            value={zone[key]}
            data-testid={`zone-${key}`}
            onChange={(value) => {
              if (typeof value !== 'number') return;
              const next = clampRect({ ...zone, [key]: value });
              onChange({
                ...next,
                width: round4(Math.max(min.width, next.width)),
                height: round4(Math.max(min.height, next.height)),
              });
            }}
          />
        </label>
      ))}
    </Space>
  );
}
