import { Alert, Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageBlock } from '../../../engine/page/pageModel';
import type { useListOptions } from '../../schema-form/widgets/useListOptions';
import { ZONE_ACTIONS, zoneProblem, type Zone } from './hotzones';
import { ZoneRectInputs } from './ZoneRectInputs';

interface Props {
  zone: Zone;
  index: number;
  /** The smallest zone, in percent of the image. */
  min: { width: number; height: number };
  /** The language whose zone name is edited. */
  lang: string;
  /** The deep links a zone can open. */
  links: ReturnType<typeof useListOptions>;
  blocks: readonly PageBlock[];
  titleOf(type: string): string;
  onChange(change: Partial<Zone>): void;
  onDelete(): void;
}

/** The selected zone's exact coordinates, what a tap does and where it goes, and its name. */
export function ZoneForm({ zone, index, min, lang, links, blocks, titleOf, onChange, onDelete }: Props) {
  const { t } = useTranslation('wizard');
  const problem = zoneProblem(zone);
  const action = zone.action ?? 'url';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <strong>{t('pageEditor.zones.zone', { index: index + 1 })}</strong>
      <ZoneRectInputs zone={zone} min={min} onChange={onChange} />
      <label className="gc-hz-field">
        <span>{t('pageEditor.zones.action')}</span>
        <Select
          value={action}
          data-testid="zone-action"
          onChange={(next) => onChange({ action: next })}
          options={ZONE_ACTIONS.map((a) => ({ value: a, label: t(`pageEditor.zones.actions.${a}`) }))}
        />
      </label>
      {action === 'url' ? (
        <label className="gc-hz-field">
          <span>{t('pageEditor.zones.url')}</span>
          <Input
            value={zone.url ?? ''}
            placeholder="https:// or myapp://"
            onChange={(e) => onChange({ url: e.target.value.trim() })}
          />
        </label>
      ) : null}
      {action === 'deeplink' ? (
        <label className="gc-hz-field">
          <span>{t('pageEditor.zones.link')}</span>
          <Select
            showSearch
            optionFilterProp="label"
            value={zone.linkId}
            loading={links.loading}
            data-testid="zone-link"
            notFoundContent={links.failed ? t('pageEditor.zones.linksFailed') : t('pageEditor.zones.noLinks')}
            onChange={(linkId) => onChange({ linkId })}
            options={links.options}
          />
        </label>
      ) : null}
      {action === 'block' ? (
        <label className="gc-hz-field">
          <span>{t('pageEditor.zones.block')}</span>
          <Select
            value={zone.blockId}
            onChange={(blockId) => onChange({ blockId })}
            options={blocks
              .filter((b) => b.type !== 'background')
              .map((b) => ({ value: b.id, label: `${titleOf(b.type)} (${b.id})` }))}
          />
        </label>
      ) : null}
      <label className="gc-hz-field">
        <span>{t('pageEditor.zones.label', { lang })}</span>
        <Input
          maxLength={30}
          value={zone.label?.[lang] ?? ''}
          onChange={(e) => onChange({ label: { ...(zone.label ?? {}), [lang]: e.target.value } })}
        />
      </label>
      {problem ? <Alert type="error" showIcon title={t(`pageEditor.zones.${problem}`)} /> : null}
      <Button danger onClick={onDelete}>
        {t('pageEditor.zones.delete')}
      </Button>
    </Space>
  );
}
