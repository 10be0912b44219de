import { useMemo, useState, type ComponentProps } from 'react';
import { Button, Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { minZoneSize } from '../../../engine/page/hotzoneGeometry';
import type { PageBlock } from '../../../engine/page/pageModel';
import { safeUrl } from '../../../engine/page/pageText';
import { setBlockProps } from '../../../engine/page/pageEdits';
import { useImageRatio } from '../../../participant/blocks/ImageZones';
import { useListOptions } from '../../schema-form/widgets/useListOptions';
import type { Config } from '../../schema-form/schemaEntry';
import { HotzoneCanvas } from './HotzoneCanvas';
import { asZones, cleanZones, zoneProblem, type Zone } from './hotzones';
import { ZoneForm } from './ZoneForm';

interface Props {
  block: PageBlock;
  config: Config;
  /** The zones and image are the campaign's own fields (the background block). */
  bound: boolean;
  blocks: readonly PageBlock[];
  titleOf(type: string): string;
  /** The language whose zone names are edited. */
  lang: string;
  onClose(): void;
  onSave(config: Config): void;
}

/**
 * Hotzones on an image: draw a zone by dragging on the image, move it by dragging (or with the
 * arrow keys), resize it by its handles, type exact coordinates; edges snap to the image and to
 * the other zones; no zone is smaller than a tap (88 design px); at most 10. Each zone says what a
 * tap does and where it goes. Stored in percent of the image, four decimals.
 */
export function HotzoneEditor({ block, config, bound, blocks, titleOf, lang, onClose, onSave }: Props) {
  const { t } = useTranslation('wizard');
  const image = safeUrl(bound ? config.backgroundImage : block.props.image) ?? null;
  const [zones, setZones] = useState<Zone[]>(() => asZones(bound ? config.hotzones : block.props.hotzones));
  const [selected, setSelected] = useState<number | null>(zones.length > 0 ? 0 : null);
  const ratio = useImageRatio(image);
  const min = useMemo(() => minZoneSize(ratio), [ratio]);
  const links = useListOptions(
    '/api/links',
    (row) => String(row.id),
    (row) => `${String(row.name)} (${String(row.linkId)})`,
  );

  const save = () => {
    const firstProblem = zones.findIndex((z) => zoneProblem(z) !== null);
    if (firstProblem >= 0) {
      setSelected(firstProblem);
      return;
    }
    const clean = cleanZones(zones);
    onSave(
      bound
        ? { ...config, hotzones: clean }
        : {
            ...config,
            page: {
              blocks: setBlockProps(blocks as PageBlock[], block.id, { ...block.props, hotzones: clean }),
            },
          },
    );
  };

  const zone = selected !== null ? zones[selected] : undefined;
  return (
    <Modal
      open
      width={900}
      title={t('pageEditor.zones.title', { name: titleOf(block.type) })}
      onCancel={onClose}
      onOk={save}
      okText={t('pageEditor.zones.apply')}
      okButtonProps={{ 'data-testid': 'hotzones-apply' } as ComponentProps<typeof Button>}
      destroyOnHidden
    >
      {!image ? (
        <Empty description={t('pageEditor.zones.noImage')} />
      ) : (
        <div className="gc-hz">
          <HotzoneCanvas
            image={image}
            ratio={ratio}
            min={min}
            zones={zones}
            setZones={setZones}
            selected={selected}
            onSelect={setSelected}
          />
          <div className="gc-hz-form">
            {zone && selected !== null ? (
              <ZoneForm
                zone={zone}
                index={selected}
                min={min}
                lang={lang}
                links={links}
                blocks={blocks}
                titleOf={titleOf}
                onChange={(change) =>
                  setZones((list) => list.map((z, i) => (i === selected ? { ...z, ...change } : z)))
                }
                onDelete={() => {
                  setZones((list) => list.filter((_, i) => i !== selected));
                  setSelected(null);
                }}
              />
            ) : (
              <Empty description={t('pageEditor.zones.drawFirst')} />
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
