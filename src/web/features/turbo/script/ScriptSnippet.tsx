import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { scriptSnippet } from '../../../../sdk/web/snippet';
import { SnippetBlock } from '../SnippetBlock';
import { useAccessKey } from '../useAccessKey';

/**
 * A saved script's embed code: the SDK's script snippet with this console's origin and the
 * project's access key, to paste into every page of the web site.
 */
export function ScriptSnippet({ scriptId, online }: { scriptId: string; online: boolean }) {
  const { t } = useTranslation();
  const key = useAccessKey();
  const snippet = key.accessKey
    ? scriptSnippet({ base: window.location.origin, accessKey: key.accessKey, scriptId })
    : undefined;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {!online && <Alert type="info" showIcon title={t('turbo:snippet.scriptOffline')} />}
      <SnippetBlock snippet={snippet} loading={key.isLoading} failed={Boolean(key.error)} />
    </Space>
  );
}
