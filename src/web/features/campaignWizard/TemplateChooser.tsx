import { Card, Col, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizeTemplate } from '../../../engine/registry/localizeTemplate';
import { entryText, type SchemaEntry } from '../../schema-form/schemaEntry';
import { BLANK_TEMPLATE } from './wizardPaths';

/** The campaign title a template starts with, in the language it was localized to. */
function campaignTitle(config: unknown): string | undefined {
  const title = (config as Record<string, unknown> | null)?.title;
  return typeof title === 'string' ? title : undefined;
}

/** Template cards of an entry plus "start blank". */
export function TemplateChooser({
  entry,
  onChoose,
}: {
  entry: SchemaEntry;
  onChoose(templateMark: string): void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const facts = (config: unknown) => {
    const c = (config ?? {}) as Record<string, unknown>;
    const out: string[] = [];
    if (Array.isArray(c.languages)) out.push(t('wizard:template.languages', { count: c.languages.length }));
    if (Array.isArray(c.prizes)) out.push(t('wizard:template.prizes', { count: c.prizes.length }));
    return out;
  };
  return (
    <Row gutter={[16, 16]}>
      {entry.templates.map((template) => (
        <Col key={template.name} xs={24} sm={12} lg={8}>
          <Card
            hoverable
            role="button"
            data-testid={`template-${template.name}`}
            aria-label={entryText(entry, template.title, lang)}
            onClick={() => onChoose(template.name)}
          >
            <Card.Meta
              title={entryText(entry, template.title, lang)}
              description={campaignTitle(
                localizeTemplate(template.name, template.config, entry.locales, lang),
              )}
            />
            <div className="gc-gameplay-tags">
              {facts(template.config).map((fact) => (
                <Tag key={fact}>{fact}</Tag>
              ))}
            </div>
          </Card>
        </Col>
      ))}
      <Col xs={24} sm={12} lg={8}>
        <Card
          hoverable
          role="button"
          data-testid={`template-${BLANK_TEMPLATE}`}
          aria-label={t('wizard:template.blank')}
          onClick={() => onChoose(BLANK_TEMPLATE)}
        >
          <Card.Meta
            title={t('wizard:template.blank')}
            description={<Typography.Text type="secondary">{t('wizard:template.blankHint')}</Typography.Text>}
          />
        </Card>
      </Col>
    </Row>
  );
}
