import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TurboStatus } from './turboTypes';

/** A banner's or script's status as a tag: online green, offline grey. */
export function TurboStatusTag({ status }: { status: TurboStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'online' ? 'green' : 'default'} data-testid="turbo-status">
      {t(`turbo:status.${status}`)}
    </Tag>
  );
}
