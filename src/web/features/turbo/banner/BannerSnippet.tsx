import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { bannerSnippet } from '../../../../sdk/web/snippet';
import type { LinkTemplate } from '../../links/linkTypes';
import { SnippetBlock } from '../SnippetBlock';
import type { BannerPosition } from '../turboTypes';
import { useAccessKey } from '../useAccessKey';
import { templateAppPlatforms } from '../../../../engine/rules/templateAppPlatforms';

interface Props {
  bannerId: string;
  position: BannerPosition;
  /** The banner's link template: which platforms it offers an app on. */
  templateId: string;
  online: boolean;
}

/**
 * A saved banner's embed code: the SDK's banner snippet with this console's origin and the
 * project's access key, to paste into the web page's `<head>`.
 */
export function BannerSnippet({ bannerId, position, templateId, online }: Props) {
  const { t } = useTranslation();
  const key = useAccessKey();
  const template = useSWR<LinkTemplate>(`/api/link-templates/${encodeURIComponent(templateId)}`);
  // A template that cannot be read (deleted meanwhile) still gets code: the SDK decides per visitor.
  const platforms = template.error ? undefined : template.data && templateAppPlatforms(template.data.config);
  const ready = key.accessKey && (platforms || template.error);
  const snippet = ready
    ? bannerSnippet({
        base: window.location.origin,
        accessKey: key.accessKey!,
        bannerId,
        position,
        platforms: platforms ?? ['ios', 'android'],
      })
    : undefined;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {!online && <Alert type="info" showIcon title={t('turbo:snippet.bannerOffline')} />}
      <SnippetBlock
        snippet={snippet}
        loading={key.isLoading || template.isLoading}
        failed={Boolean(key.error)}
      />
    </Space>
  );
}
