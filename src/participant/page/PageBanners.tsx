import { useT } from '../i18n/texts';
import type { Notice } from '../session/startPlay';

/** Above the blocks: the preview banner, and what the start of the visit has to warn about. */
export function PageBanners({ preview, notices }: { preview: boolean; notices: Notice[] }) {
  const t = useT();
  return (
    <>
      {preview ? (
        <p className="gp-banner gp-banner-preview" data-testid="preview-banner">
          {t('preview')}
        </p>
      ) : null}
      {notices.map((notice, i) => (
        <p key={i} className="gp-banner gp-banner-warn" role="alert">
          {t(notice.key, { message: notice.message ?? '' })}
        </p>
      ))}
    </>
  );
}
