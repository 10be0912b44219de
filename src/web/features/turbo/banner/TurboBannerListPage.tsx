import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import { TurboListFrame } from '../TurboListFrame';
import { bannerConfigPath, bannerReportPath } from '../turboPaths';
import type { TurboBannerRow } from '../turboTypes';
import { useLanguageLabel } from '../useLanguageLabel';
import { bannerColumns } from './bannerColumns';
import { BannerSnippet } from './BannerSnippet';

/**
 * Turbo Banner (turboBanner): the project's download banners with their link, position, languages
 * and status; search by name, filter by status; new, edit, report, embed code, go online / take
 * offline and delete, each write confirmed first. Viewers see the list and open banners read-only.
 */
export function TurboBannerListPage() {
  const { t } = useTranslation();
  const languageLabel = useLanguageLabel();
  const { projectId } = useSession();
  return (
    <TurboListFrame<TurboBannerRow>
      kind="banner"
      title={t('menu:page.turboBanner')}
      description={t('turbo:banner.description')}
      createLabel={t('turbo:banner.create')}
      own={bannerColumns({ t, languageLabel })}
      actionsWidth={[250, 170]}
      scrollX={1180}
      configPath={(id) => bannerConfigPath(projectId, id)}
      reportPath={(id) => bannerReportPath(projectId, id)}
      embedTitle={(row) => t('turbo:snippet.bannerTitle', { name: row?.name ?? '' })}
      snippet={(row) => (
        <BannerSnippet
          bannerId={row.id}
          position={row.position}
          templateId={row.templateId}
          online={row.status === 'online'}
        />
      )}
    />
  );
}
