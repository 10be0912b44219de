import { useState } from 'react';
import { Badge, Dropdown, Form, Input, Tabs, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { errorsBelow, errorText } from '../fieldIssues';
import { formContextOf } from '../schemaFormContext';
import { isObject, resolveNode } from '../schemaNodes';
import { useCommitOnBlur } from '../useCommitOnBlur';

type Texts = Record<string, string>;

/**
 * A text per language (`{ "zh-CN": "...", "en-US": "..." }`) as tabs, one per content language
 * of the config plus any language already filled in; more languages can be added from the
 * schema's list. Only the open tab's input exists, and it commits on blur.
 */
export function I18nTextField(props: FieldProps) {
  const {
    formData,
    onChange,
    fieldPathId,
    errorSchema,
    schema,
    uiSchema,
    registry,
    disabled,
    readonly,
    name,
  } = props;
  const { t } = useTranslation();
  const context = formContextOf(registry);
  const texts: Texts = isObject(formData) ? (formData as Texts) : {};
  const options = getUiOptions(uiSchema);
  const names = isObject(schema.propertyNames)
    ? resolveNode(context.rootSchema, schema.propertyNames as Record<string, unknown>).schema
    : {};
  const allowed = Array.isArray(names.enum) ? (names.enum as string[]) : [];
  const [added, setAdded] = useState<string[]>([]);
  const languages = [...new Set([...context.languages, ...Object.keys(texts), ...added])].filter(
    (lang) => allowed.length === 0 || allowed.includes(lang),
  );
  const [active, setActive] = useState<string | undefined>(undefined);
  const current = active && languages.includes(active) ? active : languages[0];
  const errorsOf = (lang: string) =>
    errorsBelow((errorSchema as Record<string, unknown> | undefined)?.[lang]);
  const locked = disabled || readonly;

  const commit = (lang: string, text: string) => {
    const next: Texts = { ...texts };
    if (text === '') delete next[lang];
    else next[lang] = text;
    onChange(Object.keys(next).length > 0 ? next : undefined, fieldPathId.path);
  };

  const addable = allowed.filter((lang) => !languages.includes(lang));
  return (
    <div className="gc-sf-i18n" id={fieldPathId.$id}>
      <Tabs
        size="small"
        activeKey={current}
        onChange={setActive}
        destroyOnHidden
        tabBarExtraContent={
          addable.length > 0 && !locked ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: addable.map((lang) => ({ key: lang, label: context.enumLabel('language', lang) })),
                onClick: ({ key }) => {
                  setAdded((list) => [...list, key]);
                  setActive(key);
                },
              }}
            >
              <Button
                size="small"
                type="text"
                icon={<PlusOutlined />}
                aria-label={t('wizard:i18n.addLanguage')}
              />
            </Dropdown>
          ) : undefined
        }
        items={languages.map((lang) => {
          const errors = errorsOf(lang);
          return {
            key: lang,
            label: (
              <Badge dot={errors.length > 0} offset={[4, 0]}>
                {context.enumLabel('language', lang)}
              </Badge>
            ),
            children: (
              <Form.Item
                validateStatus={errors.length ? 'error' : undefined}
                help={errorText(errors, context.lang)}
              >
                <LanguageText
                  id={`${fieldPathId.$id}_${lang}`}
                  lang={lang}
                  value={texts[lang] ?? ''}
                  multiline={options.multiline === true}
                  maxLength={typeof options.maxLength === 'number' ? options.maxLength : undefined}
                  disabled={locked}
                  label={`${typeof schema.title === 'string' ? schema.title : name} (${context.enumLabel('language', lang)})`}
                  onCommit={commit}
                />
              </Form.Item>
            ),
          };
        })}
      />
    </div>
  );
}

interface LanguageTextProps {
  id: string;
  lang: string;
  value: string;
  multiline: boolean;
  maxLength?: number;
  disabled?: boolean;
  label: string;
  onCommit: (lang: string, text: string) => void;
}

function LanguageText({
  id,
  lang,
  value,
  multiline,
  maxLength,
  disabled,
  label,
  onCommit,
}: LanguageTextProps) {
  const { draft, change, flush } = useCommitOnBlur(value, (text) => onCommit(lang, text));
  const count = maxLength && maxLength <= 5000 ? { show: true, max: maxLength } : undefined;
  return multiline ? (
    <Input.TextArea
      id={id}
      aria-label={label}
      rows={4}
      value={draft}
      count={count}
      disabled={disabled}
      onChange={(event) => change(event.target.value)}
      onBlur={flush}
    />
  ) : (
    <Input
      id={id}
      aria-label={label}
      value={draft}
      count={count}
      disabled={disabled}
      onChange={(event) => change(event.target.value)}
      onPressEnter={flush}
      onBlur={flush}
    />
  );
}
