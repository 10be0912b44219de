import { Button, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Channel } from './campaignTypes';
import { channelUrl } from './participantUrl';
import { oneLineRule } from '../../app/oneLineRule';

interface Props {
  /** `inApp` or `offSite`: the form list's name. */
  name: 'inApp' | 'offSite';
  /** The campaign's participant link, the base of every channel link. */
  link: string;
  /** Channels as saved, whose links are live already. */
  saved: Channel[];
}

/** One editable list of channels (key and name), each with its own participant link once saved. */
export function ChannelListInput({ name, link, saved }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const values = Form.useWatch(name, form) as Channel[] | undefined;
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {fields.map((field) => {
            const key = values?.[field.name]?.key;
            const live = saved.find((channel) => channel.key === key);
            return (
              <div key={field.key} data-testid={`channel-${name}-${field.name}`}>
                <Space align="start" wrap>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[
                      { required: true, whitespace: true, message: t('campaigns:channels.nameRequired') },
                      oneLineRule,
                    ]}
                  >
                    <Input
                      placeholder={t('campaigns:channels.name')}
                      aria-label={t('campaigns:channels.name')}
                      maxLength={30}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'key']}
                    rules={[
                      { required: true, whitespace: true, message: t('campaigns:channels.keyRequired') },
                    ]}
                  >
                    <Input
                      placeholder={t('campaigns:channels.key')}
                      aria-label={t('campaigns:channels.key')}
                      maxLength={50}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('campaigns:channels.remove')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
                {live && (
                  <Typography.Paragraph
                    type="secondary"
                    copyable={{ text: live.link ?? channelUrl(link, live.key) }}
                    style={{ marginTop: -16, wordBreak: 'break-all' }}
                  >
                    {live.link ?? channelUrl(link, live.key)}
                  </Typography.Paragraph>
                )}
              </div>
            );
          })}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', name: '' })}>
            {t('campaigns:channels.add')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
