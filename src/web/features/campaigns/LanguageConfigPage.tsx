import { useMemo } from 'react';
import { Button, Card, Col, Empty, Progress, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { useSession } from '../../session/useSession';
import { CampaignPicker } from './CampaignPicker';
import { editPath } from './campaignPaths';
import { findLanguageTexts, languageCompleteness, type LanguageText } from './findLanguageTexts';
import { languageName } from './languageName';
import { LanguageTextsTable } from './LanguageTextsTable';
import { entryText, type SchemaEntry } from './schemaEntryTypes';
import { schemaTitlePath } from '../../../engine/validation/schemaTitlePath';
import { useCampaign } from './useCampaign';
import { useCanEdit } from '../../app/useCanEdit';

/** campaignLanguageConfig: the campaign's texts per language and how complete each language is. */
export function LanguageConfigPage() {
  const { t, i18n } = useTranslation();
  const { mark = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const id = search.get('id');
  const { projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const { data: campaign, error } = useCampaign(id);
  const { data: entry } = useSWR<SchemaEntry>(
    `/api/schemas/${campaign?.kind ?? 'gameplay'}/${encodeURIComponent(mark)}`,
  );

  const config = campaign?.config;
  const texts = useMemo(() => findLanguageTexts(config ?? {}), [config]);
  const languages = Array.isArray(config?.languages) ? (config.languages as string[]) : [];
  const completeness = languageCompleteness(texts, languages);

  function labelOf(text: LanguageText): string {
    const titles = entry ? schemaTitlePath(entry.schema, text.path) : [];
    return text.path
      .map((segment, index) => {
        const title = titles[index];
        if (title === null) return `#${Number(segment) + 1}`;
        return title ? entryText(entry, title, i18n.language) : segment;
      })
      .join(' › ');
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.campaignLanguageConfig')}</Typography.Title>
          <Typography.Text type="secondary">{t('campaigns:languages.description')}</Typography.Text>
        </div>
        <Space wrap>
          <CampaignPicker value={id} mark={mark} onChange={(next) => setSearch({ id: next })} />
          {campaign && canEdit && campaign.actions.includes('edit') && (
            <Button type="primary" onClick={() => navigate(editPath(campaign, projectId))}>
              {t('campaigns:languages.edit')}
            </Button>
          )}
        </Space>
      </div>
      {!id ? (
        <Card>
          <Empty description={t('campaigns:picker.choose')} />
        </Card>
      ) : error ? (
        <Card>
          <Empty description={t('campaigns:detail.notFound')} />
        </Card>
      ) : !campaign ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {completeness.map((item) => (
              <Col key={item.language} xs={24} sm={12} lg={6}>
                <Card data-testid={`language-${item.language}`}>
                  <Statistic
                    title={`${languageName(item.language, i18n.language)}${
                      item.language === config?.defaultLanguage ? ` · ${t('campaigns:detail.default')}` : ''
                    }`}
                    value={item.filled}
                    suffix={`/ ${item.total}`}
                  />
                  <Progress
                    percent={item.total === 0 ? 100 : Math.round((item.filled / item.total) * 100)}
                    status={item.filled < item.total ? 'exception' : 'success'}
                    size="small"
                  />
                </Card>
              </Col>
            ))}
          </Row>
          <Card title={t('campaigns:languages.texts', { count: texts.length })}>
            <LanguageTextsTable texts={texts} languages={languages} labelOf={labelOf} />
          </Card>
        </>
      )}
    </div>
  );
}
